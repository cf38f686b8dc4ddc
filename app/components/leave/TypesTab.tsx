import { Stack, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { DataList, type Columns } from "~/components/DataList";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { PlainActionIcon } from "~/components/PlainControls";
import { PlainBadge, PlainText } from "~/components/PlainMantine";
import { payText, quotaText, type LeaveTypeRules } from "~/models/leave/catalogue";
import { LEAVE_UNIT_LABELS } from "~/models/leave/labels";
import { LeaveTypeDialog } from "./LeaveTypeDialog";
import { LeaveTypeDot } from "./LeaveTypeDot";

/** `ตั้งแต่ 3 วัน`, or `-` for a type that never needs a certificate. */
export const certificateText = (t: Pick<LeaveTypeRules, "certificate_from_days">) =>
  t.certificate_from_days === null ? "-" : `ตั้งแต่ ${t.certificate_from_days} วัน`;

function Name({ t }: { t: LeaveTypeRules }) {
  return (
    // Inline: on a phone's card the name sits in the card's title paragraph.
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      <LeaveTypeDot type={t.id} />
      <span>{t.name_th}</span>
    </span>
  );
}

function ActiveBadge({ t }: { t: LeaveTypeRules }) {
  return (
    <PlainBadge variant="light" color={t.active ? "green" : "gray"}>
      {t.active ? "เปิด" : "ปิด"}
    </PlainBadge>
  );
}

/** The ประเภทการลา tab of /admin/leave-work: the ten types of the 2025 catalogue, each editable. */
export function TypesTab({ items }: { items: LeaveTypeRules[] }) {
  const [editing, setEditing] = useState<LeaveTypeRules | null>(null);
  const form = useDialogFetcher("leave-type", () => setEditing(null));
  const edit = (t: LeaveTypeRules) => {
    form.renew();
    setEditing(t);
  };

  const columns: Columns<LeaveTypeRules> = [
    { header: "ประเภทการลา", maxWidth: 190, cell: (t) => <Name t={t} />, card: "title" },
    { header: "สถานะ", cell: (t) => <ActiveBadge t={t} /> },
    {
      header: "มาตรา",
      maxWidth: 170,
      cell: (t) => (
        <PlainText fz="sm" c="dimmed">
          {t.section_th}
        </PlainText>
      ),
      card: { subtitle: (t) => <PlainText fz="xs" c="dimmed">{t.section_th}</PlainText> },
    },
    { header: "ผู้มีสิทธิ์", maxWidth: 160, cell: (t) => <PlainText fz="sm">{t.who_th}</PlainText> },
    { header: "สิทธิ์", maxWidth: 150, cell: (t) => <PlainText fz="sm">{quotaText(t)}</PlainText> },
    { header: "ค่าจ้าง", maxWidth: 160, cell: (t) => <PlainText fz="sm">{payText(t)}</PlainText> },
    { header: "นับเป็น", cell: (t) => <PlainText fz="sm">{LEAVE_UNIT_LABELS[t.unit]}</PlainText> },
    { header: "ลาครึ่งวัน", cell: (t) => <PlainText fz="sm">{t.half_day ? "ได้" : "ไม่ได้"}</PlainText> },
    { header: "ใบรับรองแพทย์", cell: (t) => <PlainText fz="sm">{certificateText(t)}</PlainText> },
    {
      header: "จัดการ",
      hideHeader: true,
      width: 48,
      card: "actions",
      cell: (t) => (
        // The browser's own tooltip: a Mantine Tooltip per row ran floating-ui's hooks on every render.
        <PlainActionIcon variant="subtle" title="แก้ไข" aria-label={`แก้ไข ${t.name_th}`} onClick={() => edit(t)}>
          <IconPencil size={16} />
        </PlainActionIcon>
      ),
    },
  ];

  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        ประเภทการลาตามพระราชบัญญัติคุ้มครองแรงงาน พ.ศ. 2541 แก้ไขโดยฉบับที่ 9 พ.ศ. 2568 ประเภทที่ปิดอยู่พนักงานจะยื่นคำขอไม่ได้
        การแก้ไขมีผลกับคำขอที่ยื่นหลังจากนี้ คำขอที่ยื่นไว้แล้วนับวันตามเดิม
      </Text>
      <DataList
        rows={items}
        rowKey={(t) => t.id}
        columns={columns}
        minWidth={1000}
        label="ประเภทการลา"
        firstFields={["สิทธิ์", "ค่าจ้าง", "สถานะ"]}
        testIds={{ row: "leave-type-row", cards: "leave-type-cards", card: "leave-type-card" }}
      />
      <LeaveTypeDialog type={editing} onClose={() => setEditing(null)} fetcher={form.fetcher} />
    </Stack>
  );
}
