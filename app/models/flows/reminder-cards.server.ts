// The scheduled notices' flex cards: reminders to employees (with a button to the LIFF page that
// settles them) and the summaries for the LINE groups.
import type { LineMessage } from "~/lib/line.server";
import { formatThaiDate } from "~/lib/thai-date";
import { TODAY_BUCKET_LABELS, type TodayBucket } from "~/models/dashboard/buckets";
import { spanText, type PetitionHalf } from "~/models/leave/labels";
import { LEAVE_TYPE_LABELS } from "~/lib/enums";
import { cardRow, flexCard, liffButtons, NEGATIVE_COLOR } from "~/models/line/card.server";

export type ReminderKind = "checkin" | "checkout" | "summary" | "pending_leave" | "overdue_machines";

export const REMINDER_TITLES: Record<ReminderKind, string> = {
  checkin: "ยังไม่ได้ลงเวลาเข้างาน",
  checkout: "ยังไม่ได้ลงเวลาออกงาน",
  summary: "สรุปประจำวัน",
  pending_leave: "คำขอลารออนุมัติเกิน 24 ชั่วโมง",
  overdue_machines: "ตู้ถึงกำหนดเข้าตรวจแล้ว",
};

const HEADER_COLORS: Record<ReminderKind, string> = {
  checkin: "#F08C00",
  checkout: "#7048E8",
  summary: "#1971C2",
  pending_leave: "#E8590C",
  overdue_machines: "#C2255C",
};

/** Items a group card lists by name; its count says how many there are in all. */
export const CARD_LISTED = 3;

export function checkinReminderMessage(data: { full_name: string; date: string; work_start: string }): LineMessage {
  const date = formatThaiDate(data.date);
  return flexCard({
    title: REMINDER_TITLES.checkin,
    color: HEADER_COLORS.checkin,
    rows: [cardRow("พนักงาน", data.full_name), cardRow("วันที่", date), cardRow("เวลาเข้างาน", `${data.work_start} น.`)],
    altText: `${REMINDER_TITLES.checkin} วันที่ ${date} (เข้างาน ${data.work_start} น.)`,
    buttons: liffButtons("ลงเวลาเข้างาน", "checkin-out"),
  });
}

export function checkoutReminderMessage(data: { full_name: string; date: string; checkin_time: string; work_end: string }): LineMessage {
  const date = formatThaiDate(data.date);
  return flexCard({
    title: REMINDER_TITLES.checkout,
    color: HEADER_COLORS.checkout,
    rows: [
      cardRow("พนักงาน", data.full_name),
      cardRow("วันที่", date),
      cardRow("เข้างานเมื่อ", `${data.checkin_time} น.`),
      cardRow("เวลาเลิกงาน", `${data.work_end} น.`),
    ],
    altText: `${REMINDER_TITLES.checkout} วันที่ ${date} (เข้างานเมื่อ ${data.checkin_time} น.)`,
    buttons: liffButtons("ลงเวลาออกงาน", "checkin-out"),
  });
}

/** The summary's rows, in this order. */
export const SUMMARY_BUCKETS: readonly TodayBucket[] = ["present", "late", "absent", "leave", "missing_checkout", "pending_review"];

export type SummaryData = {
  date: string;
  headcount: number;
  counts: Record<TodayBucket, number>;
  problems: { total: number; items: { code: string; name: string }[] };
};

const people = (n: number) => `${n.toLocaleString("th-TH")} คน`;

export function dailySummaryMessage(data: SummaryData): LineMessage {
  const date = formatThaiDate(data.date);
  const rows = [cardRow("พนักงาน", people(data.headcount))];
  for (const bucket of SUMMARY_BUCKETS) {
    const n = data.counts[bucket];
    rows.push(cardRow(TODAY_BUCKET_LABELS[bucket], people(n), n > 0 && (bucket === "absent" || bucket === "missing_checkout") ? NEGATIVE_COLOR : undefined));
  }
  // With schedules a day can be off for some and a working day for others: those off are counted too.
  if (data.counts.off > 0) rows.push(cardRow(TODAY_BUCKET_LABELS.off, people(data.counts.off)));
  const listed = data.problems.items.slice(0, CARD_LISTED).map((m) => `${m.code} ${m.name}`);
  const more = data.problems.total - listed.length;
  rows.push(
    cardRow(
      "ตู้มีปัญหา",
      data.problems.total === 0 ? "ไม่มี" : [`${data.problems.total.toLocaleString("th-TH")} ตู้`, ...listed, ...(more > 0 ? [`และอีก ${more} ตู้`] : [])].join("\n"),
      data.problems.total > 0 ? NEGATIVE_COLOR : undefined,
    ),
  );
  const c = data.counts;
  return flexCard({
    title: `${REMINDER_TITLES.summary} ${date}`,
    color: HEADER_COLORS.summary,
    rows,
    altText: `${REMINDER_TITLES.summary} ${date}: มา ${c.present} สาย ${c.late} ขาด ${c.absent} ลา ${c.leave} ไม่ลงเวลาออก ${c.missing_checkout} รอตรวจสอบ ${c.pending_review}${c.off > 0 ? ` วันหยุด ${c.off}` : ""} ตู้มีปัญหา ${data.problems.total}`,
  });
}

export type PendingLeaveItem = {
  employee: { code: string; full_name: string };
  type: number;
  start_date: string;
  end_date: string;
  half: PetitionHalf;
  created_at: string;
};

export function pendingLeaveMessage(data: { total: number; oldest: PendingLeaveItem[] }): LineMessage {
  const rows = [cardRow("จำนวน", `${data.total.toLocaleString("th-TH")} รายการ`)];
  for (const p of data.oldest.slice(0, CARD_LISTED)) {
    const type = LEAVE_TYPE_LABELS[p.type] ?? String(p.type);
    rows.push(cardRow(p.employee.full_name, `${type} ${spanText(p)} (ยื่นเมื่อ ${formatThaiDate(p.created_at)})`));
  }
  return flexCard({
    title: REMINDER_TITLES.pending_leave,
    color: HEADER_COLORS.pending_leave,
    rows,
    altText: `${REMINDER_TITLES.pending_leave}: ${data.total} รายการ`,
  });
}

export function overdueMachinesMessage(data: { full_name: string; machines: { code: string; name: string; due_date: string }[] }): LineMessage {
  const rows = [cardRow("ผู้ดูแล", data.full_name)];
  for (const m of data.machines) rows.push(cardRow(m.code, `${m.name} (กำหนด ${formatThaiDate(m.due_date)})`));
  return flexCard({
    title: REMINDER_TITLES.overdue_machines,
    color: HEADER_COLORS.overdue_machines,
    rows,
    altText: `${REMINDER_TITLES.overdue_machines}: ${data.machines.map((m) => m.code).join(", ")}`,
    buttons: liffButtons("ดูตู้ที่ดูแล", "vending-machine"),
  });
}
