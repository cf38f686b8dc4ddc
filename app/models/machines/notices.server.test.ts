import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { lineGroups, linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { assignMachine, insertMachine } from "../../../tests/fixtures/machines";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { MAX_ALT_TEXT, MAX_CARD_TEXT } from "~/models/line/card.server";
import { LineMessagesSchema } from "~/models/line/message-schema";
import { machineNoticeMessage, reportVisit, type MachineNoticeData } from "./notices.server";
import { VisitSchema } from "./visit-schema";
import { setPushRetryDefaults, settleNotices } from "~/models/line/notifier.server";

type Text = { type: "text"; text: string };
type Box = { type: "box"; contents: (Box | Text)[] };
type Card = { type: "flex"; altText: string; contents: { header: Box; body: Box } };

const rowsOf = (message: unknown) =>
  new Map(
    (message as Card).contents.body.contents.map((row) => {
      const [label, value] = (row as Box).contents as Text[];
      return [label.text, value.text] as const;
    }),
  );

const data = (over: Partial<MachineNoticeData> = {}): MachineNoticeData => ({
  machine: { id: 1, code: "VM-001", name: "ตู้หน้าโรงอาหาร", type: 2, type_label: "ผูกกับตู้" },
  employee: { id: 1, code: "E001", full_name: "นายสมชาย ใจดี" },
  status: "out_of_stock",
  note: "น้ำดื่มหมด",
  visited_at: "2026-03-02T02:05:00.000Z",
  visit_date: "2026-03-02",
  ...over,
});

describe("machineNoticeMessage", () => {
  test("a valid flex card with the machine, the status, the note, who and when (Thai, BE, app time)", () => {
    const message = machineNoticeMessage(data());
    expect(LineMessagesSchema.safeParse([message]).success).toBe(true);
    expect(((message as Card).contents.header.contents[0] as Text).text).toBe("แจ้งปัญหาตู้");
    expect(Object.fromEntries(rowsOf(message))).toEqual({
      ตู้: "VM-001 ตู้หน้าโรงอาหาร",
      สถานะ: "สินค้าหมด",
      หมายเหตุ: "น้ำดื่มหมด",
      ผู้รายงาน: "นายสมชาย ใจดี (E001)",
      เวลา: "2 มี.ค. 2569 09:05 น.",
    });
  });

  test("an empty note shows a dash; a long one is cut; the altText stays within LINE's limit", () => {
    expect(rowsOf(machineNoticeMessage(data({ note: "" }))).get("หมายเหตุ")).toBe("-");
    const long = machineNoticeMessage(data({ status: "broken", note: "ก".repeat(600), machine: { ...data().machine, name: "ย".repeat(500) } }));
    expect(LineMessagesSchema.safeParse([long]).success).toBe(true);
    expect([...rowsOf(long).get("หมายเหตุ")!]).toHaveLength(MAX_CARD_TEXT);
    expect([...(long as Card).altText].length).toBeLessThanOrEqual(MAX_ALT_TEXT);
  });
});

describe("reportVisit", () => {
  let fake: FakeLine;
  const pushes = () => fake.find("/v2/bot/message/push", "POST").map((r) => (r.body as { to: string }).to).sort();
  let employeeId: number;
  let machineId: number;
  const send = (status: string) => reportVisit(employeeId, VisitSchema.parse({ machine_id: machineId, status }), null);

  beforeAll(async () => {
    fake = await startFakeLine();
    process.env.LINE_API_BASE = fake.url;
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
    resetEnvCache();
    setPushRetryDefaults({ baseDelayMs: 1 });
    db()
      .insert(lineGroups)
      .values([
        { groupId: "Cmachine1", name: "ทีมตู้", notifyMachine: true },
        { groupId: "Cleave1", name: "ฝ่ายบุคคล", notifyLeave: true },
        { groupId: "Cmachine-old", name: "ทีมเก่า", notifyMachine: true, active: false },
      ])
      .run();
    employeeId = newEmployee().id;
    machineId = insertMachine(db(), { type: 1 }).id;
    assignMachine(db(), machineId, employeeId);
  });
  afterAll(async () => {
    await fake.close();
    delete process.env.LINE_API_BASE;
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
  });
  beforeEach(() => {
    fake.reset();
    db().delete(linePushes).run();
  });

  test("broken and out of stock reach the active notify_machine groups only, as machine_visit pushes", async () => {
    await send("broken");
    await send("out_of_stock");
    await settleNotices();
    expect(pushes()).toEqual(["Cmachine1", "Cmachine1"]);
    expect(db().select().from(linePushes).all().map((r) => [r.kind, r.status])).toEqual([
      ["machine_visit", "sent"],
      ["machine_visit", "sent"],
    ]);
  });

  test("normal and refilled send nothing", async () => {
    await send("normal");
    await send("refilled");
    await settleNotices();
    expect(pushes()).toEqual([]);
    expect(db().select().from(linePushes).all()).toEqual([]);
  });

  test("without a LINE bot no notice is started and no push row is written", async () => {
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
    try {
      await send("broken");
      await settleNotices();
      expect(db().select().from(linePushes).all()).toEqual([]);
      expect(pushes()).toEqual([]);
    } finally {
      process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
      resetEnvCache();
    }
  });
});
