import { DataList, type Columns } from "~/components/DataList";
import { FetcherSwitch } from "~/components/FetcherSwitch";
import { PlainAnchor, PlainImage, PlainUnstyledButton } from "~/components/PlainControls";
import { PlainAvatar, PlainBadge, PlainText } from "~/components/PlainMantine";
import { initials } from "~/lib/initials";
import { thumbUrl } from "~/lib/uploads-shared";
import { PROOF_LABELS, STATUS_LABELS } from "~/models/attendance/labels";
import { CorrectionAction } from "./CorrectionDialog";
import { clockTime, mapLink, matchLabel, metres, PHOTO_PURGED_LABEL, STATUS_COLORS } from "./attendance-labels";
import type { DailyTabItem } from "./daily-types";

type OpenPhoto = (photo: { url: string; label: string }) => void;

function Selfie({ url, label, onOpen }: { url: string | null; label: string; onOpen: OpenPhoto }) {
  if (!url) return null;
  return (
    <PlainUnstyledButton onClick={() => onOpen({ url, label })} aria-label={`ดูรูป${label}`}>
      <PlainImage src={thumbUrl(url)} alt={label} w={40} h={40} radius="sm" fit="cover" />
    </PlainUnstyledButton>
  );
}

function MatchBadge({ match, photo, purged = false }: { match: number | null; photo: string | null; purged?: boolean }) {
  const m = matchLabel(match, photo != null || purged);
  return m ? (
    <PlainBadge size="sm" variant="light" color={m.color}>
      {m.label}
    </PlainBadge>
  ) : null;
}

/** "QR" or "PIN" beside a side placed by the office QR or a kiosk's PIN (GPS, the usual, shows nothing). */
function ProofBadge({ proof }: { proof: "gps" | "qr" | "pin" | null | undefined }) {
  return proof === "qr" || proof === "pin" ? (
    <PlainBadge size="sm" variant="outline" color="indigo" data-testid="proof-badge">
      {PROOF_LABELS[proof]}
    </PlainBadge>
  ) : null;
}

// The initial of the first name: the full name starts with the title (นาย, นาง, นางสาว all give "น").
function EmployeeAvatar({ employee }: { employee: DailyTabItem["employee"] }) {
  return (
    <PlainAvatar src={thumbUrl(employee.photo_url)} alt="" radius="xl" size="sm">
      {initials(employee.first_name)}
    </PlainAvatar>
  );
}

const employeeLine = (employee: DailyTabItem["employee"]) => `${employee.code}${employee.position ? ` · ${employee.position}` : ""}`;

// The cells' text is plain elements with the classes of app.css ("daily-…"): 50 rows of Mantine
// Text and Group cost the daily page's server render more than its query did.
function Status({ item }: { item: DailyTabItem }) {
  return (
    <>
      <PlainBadge color={STATUS_COLORS[item.status]} variant="light">
        {STATUS_LABELS[item.status]}
      </PlainBadge>
      <div className="daily-xs-dim">{item.reason}</div>
      {item.record?.review_status === "pending" ? (
        <PlainBadge size="xs" color="yellow" variant="outline">
          รอตรวจสอบ
        </PlainBadge>
      ) : null}
    </>
  );
}

function CheckIn({ record }: { record: DailyTabItem["record"] }) {
  return (
    <>
      <div className="daily-sm">{clockTime(record?.checkin_at)}</div>
      {record ? <MatchBadge match={record.checkin_match} photo={record.checkin_photo_url} purged={record.checkin_photo_purged} /> : null}
      {record?.checkin_at ? <ProofBadge proof={record.checkin_proof} /> : null}
    </>
  );
}

function CheckOut({ record }: { record: DailyTabItem["record"] }) {
  return (
    <>
      <div className="daily-sm">{clockTime(record?.checkout_at)}</div>
      {record?.checkout_at ? <MatchBadge match={record.checkout_match} photo={record.checkout_photo_url} purged={record.checkout_photo_purged} /> : null}
      {record?.checkout_at ? <ProofBadge proof={record.checkout_proof} /> : null}
    </>
  );
}

function Place({ record }: { record: DailyTabItem["record"] }) {
  const map = record ? mapLink(record.checkin_lat, record.checkin_lng) : null;
  return (
    <>
      <div className="daily-sm">{metres(record?.checkin_distance_m)}</div>
      {record?.checkin_address ? <div className="daily-xs-dim daily-clamp-2">{record.checkin_address}</div> : null}
      {map ? (
        <PlainAnchor href={map} target="_blank" rel="noreferrer" fz="xs">
          แผนที่
        </PlainAnchor>
      ) : null}
    </>
  );
}

function Photos({ item, onPhoto }: { item: DailyTabItem; onPhoto: OpenPhoto }) {
  const { record, employee } = item;
  if (!record) return null;
  return (
    <div className="daily-inline">
      <Selfie url={record.checkin_photo_url} label={`เข้างาน ${employee.full_name}`} onOpen={onPhoto} />
      <Selfie url={record.checkout_photo_url} label={`ออกงาน ${employee.full_name}`} onOpen={onPhoto} />
      {record.checkin_photo_purged || record.checkout_photo_purged ? <div className="daily-xs-dim">{PHOTO_PURGED_LABEL}</div> : null}
    </div>
  );
}

function Checked({ item }: { item: DailyTabItem }) {
  return item.record ? (
    <FetcherSwitch
      fetcherKey={`attendance-checked-${item.record.id}`}
      checked={item.record.checked === 1}
      label={`ตรวจแล้ว ${item.employee.full_name}`}
      fields={{ intent: "checked", id: String(item.record.id) }}
      name="checked"
    />
  ) : null;
}

type Props = { date: string; items: DailyTabItem[]; onPhoto: OpenPhoto };

const lateEarly = ({ record }: DailyTabItem) => (record ? `${record.late_minutes} / ${record.early_minutes}` : "–");

/** The day's employees: a wide table, or cards on a phone with the "checked" and correction controls at the top. */
export function DailyList({ date, items, onPhoto }: Props) {
  const columns: Columns<DailyTabItem> = [
    {
      header: "พนักงาน",
      cell: ({ employee }) => (
        <div className="daily-person">
          <EmployeeAvatar employee={employee} />
          <div>
            <div className="daily-sm daily-name">{employee.full_name}</div>
            <div className="daily-xs-dim">{employeeLine(employee)}</div>
          </div>
        </div>
      ),
      card: {
        leading: ({ employee }) => <EmployeeAvatar employee={employee} />,
        title: ({ employee }) => employee.full_name,
        subtitle: ({ employee }) => (
          <PlainText fz="xs" c="dimmed">
            {employeeLine(employee)}
          </PlainText>
        ),
      },
    },
    { header: "สถานะ", cell: (item) => <Status item={item} /> },
    { header: "เข้า", cell: ({ record }) => <CheckIn record={record} /> },
    { header: "ออก", cell: ({ record }) => <CheckOut record={record} /> },
    { header: "สาย/ก่อน (นาที)", cell: (item) => <div className="daily-sm">{lateEarly(item)}</div>, card: { field: lateEarly } },
    { header: "ระยะ/ที่อยู่", maxWidth: 220, cell: ({ record }) => <Place record={record} /> },
    { header: "รูปถ่าย", cell: (item) => <Photos item={item} onPhoto={onPhoto} /> },
    { header: "ตรวจแล้ว", cell: (item) => <Checked item={item} />, card: "actions" },
    { header: "แก้ไข", cell: ({ employee, record }) => <CorrectionAction target={{ employee, date, record }} />, card: "actions" },
  ];
  return (
    <DataList
      rows={items}
      rowKey={(item) => item.employee.id}
      columns={columns}
      minWidth={900}
      label="การลงเวลารายวัน"
      labelTable={false}
      testIds={{ row: "daily-row", cards: "daily-cards", card: "daily-card" }}
      // On a card the minutes late or early sit next to the status, ahead of the times.
      firstFields={["สถานะ", "สาย/ก่อน (นาที)"]}
    />
  );
}
