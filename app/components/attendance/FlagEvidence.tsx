import { PlainAnchor } from "~/components/PlainControls";
import { PlainStack, PlainText } from "~/components/PlainMantine";
import { mapLink } from "~/lib/geo";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import { thaiDecimal, thaiNumber } from "~/lib/thai-number";
import { flagLabel } from "~/models/attendance/labels";
import type { AccuracyEvidence, EvidencePoint, LocationEvidence, PointKind, RepeatedEvidence, TravelEvidence } from "~/models/attendance/location-evidence";

// What a location flag saw, in Thai: the review queue shows it under the side that raised it, the
// cabinet pages under the visit.

const KIND_LABELS: Record<PointKind, string> = { checkin: "เข้างาน", checkout: "ออกงาน", visit: "เข้าตู้" };

/** `1.5 กม.` from a kilometre on, `800 ม.` below. */
export const distanceText = (m: number) => (m >= 1000 ? `${thaiDecimal(m / 1000)} กม.` : `${thaiNumber(Math.round(m))} ม.`);

/** `100 กม. ใน 30 นาที (200 กม./ชม.)` */
export const travelText = (t: TravelEvidence) => `${distanceText(t.distance_m)} ใน ${thaiDecimal(t.minutes)} นาที (${thaiDecimal(t.speed_kmh)} กม./ชม.)`;

/** A cabinet visit's one line: `100 กม. ใน 60 นาที (100 กม./ชม.) จากเข้างาน 23 พ.ย. 2569 08:00 น.` */
export const travelFromText = (t: TravelEvidence) => `${travelText(t)} จาก${KIND_LABELS[t.from.kind]} ${formatThaiDateTime(t.from.at)} น.`;

function MapPoint({ point, label }: { point: { lat: number; lng: number }; label: string }) {
  const map = mapLink(point.lat, point.lng);
  return (
    <>
      {point.lat.toFixed(6)}, {point.lng.toFixed(6)}
      {map ? (
        <>
          {" · "}
          <PlainAnchor href={map} target="_blank" rel="noreferrer" fz="xs" aria-label={`แผนที่${label}`}>
            แผนที่
          </PlainAnchor>
        </>
      ) : null}
    </>
  );
}

function TravelPoint({ title, point }: { title: string; point: EvidencePoint }) {
  const label = `${title}${KIND_LABELS[point.kind]} ${formatThaiDateTime(point.at)} น.`;
  return (
    <PlainText fz="xs" c="dimmed">
      {label} · <MapPoint point={point} label={label} />
    </PlainText>
  );
}

function Travel({ travel }: { travel: TravelEvidence }) {
  return (
    <>
      <PlainText fz="xs">เดินทาง {travelText(travel)}</PlainText>
      <TravelPoint title="จาก" point={travel.from} />
      <TravelPoint title="ถึง" point={travel.to} />
    </>
  );
}

function Repeated({ repeated }: { repeated: RepeatedEvidence }) {
  const label = `${KIND_LABELS[repeated.side]}วันที่ ${formatThaiDate(repeated.date)}`;
  return (
    <PlainText fz="xs">
      พิกัดเดียวกับเวลา{label} · <MapPoint point={repeated} label={label} />
    </PlainText>
  );
}

function Accuracy({ accuracy }: { accuracy: AccuracyEvidence }) {
  const list = accuracy.accuracies.map((a) => `±${thaiDecimal(a)}`).join(", ");
  return (
    <PlainText fz="xs">
      {accuracy.rule === "below_1m"
        ? `ความแม่นยำ ${list} ม. (ละเอียดกว่า 1 เมตร ซึ่ง GPS ของโทรศัพท์ทำไม่ได้)`
        : `ความแม่นยำเท่ากันทุกครั้ง ${accuracy.accuracies.length} ครั้งล่าสุด: ${list} ม.`}
    </PlainText>
  );
}

/** Each location flag's evidence under its name; nothing without evidence. */
export function FlagEvidence({ evidence }: { evidence: LocationEvidence }) {
  const { impossible_travel: travel, repeated_position: repeated, position_accuracy_suspect: accuracy } = evidence;
  if (!travel && !repeated && !accuracy) return null;
  return (
    <PlainStack gap={2} data-testid="flag-evidence">
      {travel ? (
        <PlainStack gap={0}>
          <PlainText fz="xs" fw={600} c="orange">
            {flagLabel("impossible_travel")}
          </PlainText>
          <Travel travel={travel} />
        </PlainStack>
      ) : null}
      {repeated ? (
        <PlainStack gap={0}>
          <PlainText fz="xs" fw={600} c="orange">
            {flagLabel("repeated_position")}
          </PlainText>
          <Repeated repeated={repeated} />
        </PlainStack>
      ) : null}
      {accuracy ? (
        <PlainStack gap={0}>
          <PlainText fz="xs" fw={600} c="orange">
            {flagLabel("position_accuracy_suspect")}
          </PlainText>
          <Accuracy accuracy={accuracy} />
        </PlainStack>
      ) : null}
    </PlainStack>
  );
}
