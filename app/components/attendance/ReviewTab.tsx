import { SegmentedControl, SimpleGrid, Stack } from "@mantine/core";
import { IconChecklist } from "@tabler/icons-react";
import { useTabParams } from "~/components/tab-params";
import { EmptyState } from "~/components/EmptyState";
import { PlainAnchor, PlainImage } from "~/components/PlainControls";
import { PlainBadge, PlainCard, PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import { formatThaiDate } from "~/lib/thai-date";
import { thumbUrl } from "~/lib/uploads-shared";
import { ThaiPagination } from "~/components/ListFooter";
import { REVIEW_SIDE_LABELS, REVIEW_SIDES, type ReviewSide } from "~/models/attendance/review-state";
import { PROOF_TEXT } from "~/models/attendance/labels";
import { sideEvidence } from "~/models/attendance/location-evidence";
import { DecisionControls, DecisionNote, type DecisionPart } from "./DecisionControls";
import { EmployeeCaption } from "./EmployeeCaption";
import { CorrectionRequests, type CorrectionRequestsData } from "./CorrectionRequests";
import { clockTime, flagLabel, mapLink, matchLabel, metres, PHOTO_PURGED_LABEL } from "./attendance-labels";
import { FaceReviews, type FaceReviewsData } from "./FaceReviews";
import { FlagEvidence } from "./FlagEvidence";

type Side = "checkin" | "checkout";

export type ReviewRecord = {
  id: number;
  work_date: string;
  flags: string[];
  review_status: string;
  /** Each side's own review; review_status sums them up. */
  checkin_review: string;
  checkout_review: string;
  review_note: string | null;
  /** What each location flag saw, by flag code and side (location-evidence.ts). */
  flag_evidence: Record<string, unknown>;
} & {
  [K in `${Side}_at` | `${Side}_photo_url` | `${Side}_address` | `${Side}_office` | `${Side}_geofence`]: string | null;
} & {
  [K in `${Side}_lat` | `${Side}_lng` | `${Side}_accuracy` | `${Side}_distance_m` | `${Side}_match` | `${Side}_face_distance`]: number | null;
} & { [K in `${Side}_photo_purged`]?: boolean } & {
  [K in `${Side}_proof`]: "gps" | "qr" | "pin" | null;
} & {
  /** The selfie's liveness score (0–1), null when not scored. */
  [K in `${Side}_liveness`]: number | null;
};

export type ReviewTabData = {
  status: "pending" | "accepted" | "rejected";
  items: {
    employee: { id: number; code: string; full_name: string; position: string; photo_url: string | null; face_url: string | null };
    record: ReviewRecord;
  }[];
  total: number;
  page: number;
  page_size: number;
  corrections?: CorrectionRequestsData;
  faces?: FaceReviewsData;
};

const REVIEW_LABELS = { pending: "รอตรวจสอบ", accepted: "ยอมรับแล้ว", rejected: "ปฏิเสธแล้ว" } as const;
const REVIEW_COLORS: Record<string, string> = { pending: "yellow", accepted: "green", rejected: "red" };

const sideReview = (record: ReviewRecord, side: ReviewSide) => (side === "in" ? record.checkin_review : record.checkout_review);

/** What rejecting each part means for the day (ADR 043): a check-in is the day, a check-out only its end. */
const REJECT_MEANS: Record<ReviewSide | "both", string> = {
  in: "จะถือว่าขาดงาน (เวลาเข้าไม่ผ่านการตรวจสอบ)",
  out: "จะถือว่าไม่ได้ลงเวลาออก เวลาเข้ายังนับตามเดิม",
  both: "จะถือว่าขาดงาน",
};

/** The card's decision parts: each pending side on its own, and both at once when both wait. */
function decisionParts(record: ReviewRecord, who: string): DecisionPart[] {
  const pending = REVIEW_SIDES.filter((side) => sideReview(record, side) === "pending");
  const parts: DecisionPart[] = pending.map((side) => ({
    key: side,
    label: REVIEW_SIDE_LABELS[side],
    fields: { side },
    rejectBody: `${who}: ${REVIEW_SIDE_LABELS[side]} ${REJECT_MEANS[side]}`,
  }));
  if (pending.length > 1) parts.push({ key: "both", label: "ทั้งสองเวลา", fields: {}, rejectBody: `${who} ${REJECT_MEANS.both}` });
  return parts;
}
const GEOFENCE_LABELS: Record<string, string> = { inside: "ในรัศมี", outside: "นอกรัศมี", uncertain: "ไม่แน่ชัด" };

/** `คะแนนใบหน้าจริง 0.82` under a selfie that was scored. */
const livenessText = (score: number | null) => (score == null ? null : `คะแนนใบหน้าจริง ${score.toFixed(2)}`);

function Photo({ url, label, purged = false, note = null }: { url: string | null; label: string; purged?: boolean; note?: string | null }) {
  return (
    <PlainStack gap={2} align="center">
      {url ? (
        <PlainAnchor href={url} target="_blank" rel="noreferrer">
          <PlainImage src={thumbUrl(url)} alt={label} w={96} h={96} radius="sm" fit="cover" />
        </PlainAnchor>
      ) : (
        <PlainText fz="xs" c="dimmed" className="review-no-photo">
          {purged ? PHOTO_PURGED_LABEL : "ไม่มีรูป"}
        </PlainText>
      )}
      <PlainText fz="xs" c="dimmed">
        {label}
      </PlainText>
      {note ? <PlainText fz="xs">{note}</PlainText> : null}
    </PlainStack>
  );
}

function SideEvidence({ record, side }: { record: ReviewRecord; side: Side }) {
  const at = record[`${side}_at`];
  if (!at) return null;
  const review = record[`${side}_review`];
  const lat = record[`${side}_lat`];
  const lng = record[`${side}_lng`];
  const map = mapLink(lat, lng);
  const match = matchLabel(record[`${side}_match`], record[`${side}_photo_url`] != null || record[`${side}_photo_purged`] === true);
  const faceDistance = record[`${side}_face_distance`];
  const accuracy = record[`${side}_accuracy`];
  const geofence = record[`${side}_geofence`];
  const proof = record[`${side}_proof`];
  return (
    <PlainStack gap={2} data-testid={`review-${side}`}>
      <PlainGroup gap={6}>
        <PlainText fz="sm" fw={600}>
          {side === "checkin" ? "เข้างาน" : "ออกงาน"} {clockTime(at)}
        </PlainText>
        {review in REVIEW_LABELS ? (
          <PlainBadge size="sm" variant="light" color={REVIEW_COLORS[review]}>
            {REVIEW_LABELS[review as keyof typeof REVIEW_LABELS]}
          </PlainBadge>
        ) : null}
        {proof ? (
          <PlainBadge size="sm" variant="outline" color={proof === "gps" ? "gray" : "indigo"}>
            {PROOF_TEXT[proof]}
          </PlainBadge>
        ) : null}
      </PlainGroup>
      <PlainText fz="xs">
        ห่าง{record[`${side}_office`] ? ` ${record[`${side}_office`]}` : "สำนักงาน"} {metres(record[`${side}_distance_m`])}
        {accuracy != null ? ` (ความแม่นยำ ±${metres(accuracy)})` : ""}
        {geofence ? ` · ${GEOFENCE_LABELS[geofence] ?? geofence}` : ""}
      </PlainText>
      {lat != null && lng != null ? (
        <PlainText fz="xs" c="dimmed">
          {lat.toFixed(6)}, {lng.toFixed(6)}
          {map ? (
            <>
              {" · "}
              <PlainAnchor href={map} target="_blank" rel="noreferrer" fz="xs">
                เปิดแผนที่
              </PlainAnchor>
            </>
          ) : null}
        </PlainText>
      ) : null}
      {record[`${side}_address`] ? <PlainText fz="xs">{record[`${side}_address`]}</PlainText> : null}
      <PlainGroup gap={4}>
        {match ? (
          <PlainBadge size="sm" variant="light" color={match.color}>
            ใบหน้า{match.label}
          </PlainBadge>
        ) : null}
        {faceDistance != null ? <PlainText fz="xs">ค่าความต่าง {faceDistance.toFixed(3)}</PlainText> : null}
      </PlainGroup>
      <FlagEvidence evidence={sideEvidence(record.flag_evidence, side)} />
    </PlainStack>
  );
}

function ReviewCard({ item }: { item: ReviewTabData["items"][number] }) {
  const { employee, record } = item;
  const who = `${employee.full_name} (${employee.code}) วันที่ ${formatThaiDate(record.work_date)}`;
  const parts = decisionParts(record, who);
  return (
    <PlainCard withBorder radius="md" data-testid="review-card">
      <PlainStack gap="sm">
        <PlainGroup justify="space-between" wrap="wrap">
          <EmployeeCaption employee={employee}> · {formatThaiDate(record.work_date)}</EmployeeCaption>
          <PlainBadge variant="light" color={record.review_status === "rejected" ? "red" : record.review_status === "accepted" ? "green" : "yellow"}>
            {REVIEW_LABELS[record.review_status as keyof typeof REVIEW_LABELS] ?? record.review_status}
          </PlainBadge>
        </PlainGroup>
        {record.flags.length > 0 ? (
          <PlainGroup gap={4}>
            {record.flags.map((f) => (
              <PlainBadge key={f} size="sm" color="orange" variant="outline">
                {flagLabel(f)}
              </PlainBadge>
            ))}
          </PlainGroup>
        ) : null}
        <PlainGroup gap="sm" align="flex-start" wrap="wrap">
          <Photo url={record.checkin_photo_url} label="รูปเข้างาน" purged={record.checkin_photo_purged} note={livenessText(record.checkin_liveness)} />
          {record.checkout_photo_url || record.checkout_photo_purged ? (
            <Photo
              url={record.checkout_photo_url}
              label="รูปออกงาน"
              purged={record.checkout_photo_purged}
              note={livenessText(record.checkout_liveness)}
            />
          ) : null}
          <Photo url={employee.face_url} label="ใบหน้าที่ลงทะเบียน" />
          <Photo url={employee.photo_url} label="รูปพนักงาน" />
        </PlainGroup>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SideEvidence record={record} side="checkin" />
          <SideEvidence record={record} side="checkout" />
        </SimpleGrid>
        {record.review_status === "pending" ? (
          <DecisionControls
            fetcherKey={`attendance-review-${record.id}`}
            fields={(decision, note) => ({ intent: "review", id: String(record.id), decision, note })}
            placeholder="เหตุผลประกอบการตรวจสอบ (ถ้ามี)"
            accept={{ decision: "accept", label: "ยอมรับ" }}
            reject={{
              decision: "reject",
              label: "ปฏิเสธ",
              title: "ปฏิเสธการลงเวลา",
              body: `${who} ${REJECT_MEANS.both}`,
              confirmLabel: "ปฏิเสธ",
            }}
            // A record from before the sides had their own review decides as a whole.
            parts={parts.length > 0 ? parts : undefined}
          />
        ) : (
          <DecisionNote note={record.review_note} />
        )}
      </PlainStack>
    </PlainCard>
  );
}

/** The review queue: flagged check-ins with their evidence side by side, accepted or rejected with a note. */
export function ReviewTab({ data }: { data: ReviewTabData }) {
  const [, set] = useTabParams("review");
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <Stack gap="md">
      {data.faces ? <FaceReviews data={data.faces} /> : null}
      <SegmentedControl
        value={data.status}
        onChange={(value) => set({ review: value === "pending" ? null : value, page: null })}
        data={Object.entries(REVIEW_LABELS).map(([value, label]) => ({ value, label }))}
        w="fit-content"
      />
      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconChecklist size={24} />}
          title={data.status === "pending" ? "ไม่มีรายการรอตรวจสอบ" : "ไม่มีรายการ"}
          hint={data.status === "pending" ? "การลงเวลาที่ต้องตรวจสอบจะแสดงที่นี่" : undefined}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {data.items.map((item) => (
            <ReviewCard key={item.record.id} item={item} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? <ThaiPagination value={data.page} total={pages} onChange={(p) => set({ page: p === 1 ? null : String(p) })} /> : null}
      {data.corrections ? <CorrectionRequests data={data.corrections} /> : null}
    </Stack>
  );
}
