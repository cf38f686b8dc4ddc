import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { atPhoneWidth } from "~/components/phone-width.test-helpers";
import { LEAVE_CATALOGUE } from "~/models/leave/catalogue";
import { TypesTab } from "./TypesTab";
import { renderLeave, type Posted } from "./leave.test-helpers";

const TYPES = [...LEAVE_CATALOGUE];

const rowOf = (rows: HTMLElement[], name: string) => {
  const row = rows.find((r) => within(r).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe("TypesTab", () => {
  test("a row per type of the catalogue: the Act's section, who, quota, pay, unit, half day, certificate and on/off", async () => {
    renderLeave(() => <TypesTab items={TYPES} />);
    const table = await screen.findByRole("table", { name: "ประเภทการลา" });
    const rows = within(table).getAllByTestId("leave-type-row");
    expect(rows).toHaveLength(10);
    const cells = (name: string) => within(rowOf(rows, name)).getAllByRole("cell").map((c) => c.textContent);
    expect(cells("ลาคลอด").slice(0, 9)).toEqual([
      "ลาคลอด",
      "เปิด",
      "มาตรา 41, 59 (แก้ไขโดย พ.ร.บ. ฉบับที่ 9 พ.ศ. 2568)",
      "ลูกจ้างหญิงมีครรภ์",
      "120 วัน/ครั้ง (นับวันปฏิทิน)",
      "ได้รับค่าจ้าง 60 วัน",
      "วันปฏิทิน",
      "ไม่ได้",
      "-",
    ]);
    expect(cells("ลาป่วย").slice(1, 9)).toEqual(["เปิด", "มาตรา 32, 57", "ลูกจ้างทุกคน", "30 วัน/ปี", "ได้รับค่าจ้าง 30 วัน", "วันทำงาน", "ได้", "ตั้งแต่ 3 วัน"]);
    expect(cells("ลาทำหมัน").slice(4, 6)).toEqual(["ตามใบรับรองแพทย์", "ได้รับค่าจ้างตลอดการลา"]);
    expect(cells("ลาดูแลบุตรที่เจ็บป่วยหรือพิการ")[5]).toBe("ได้รับค่าจ้างร้อยละ 50 15 วัน");
    expect(cells("ลาอุปสมบท").slice(1, 9)).toEqual([
      "ปิด",
      "นโยบายบริษัท (ไม่มีในพระราชบัญญัติ)",
      "ลูกจ้างชายที่จะอุปสมบท",
      "15 วัน/ครั้ง (นับวันปฏิทิน)",
      "ไม่ได้รับค่าจ้าง",
      "วันปฏิทิน",
      "ไม่ได้",
      "-",
    ]);
    expect(screen.queryByTestId("leave-type-cards")).toBeNull();
  });

  test("phone width: a card per type, no table", async () => {
    const restore = atPhoneWidth();
    try {
      renderLeave(() => <TypesTab items={TYPES} />);
      const cards = await screen.findByRole("list", { name: "ประเภทการลา" });
      const items = within(cards).getAllByTestId("leave-type-card");
      expect(items).toHaveLength(10);
      expect(items[3]).toHaveTextContent("ลาคลอด");
      expect(items[3]).toHaveTextContent("120 วัน/ครั้ง (นับวันปฏิทิน)");
      expect(within(items[3]).getByRole("button", { name: "แก้ไข ลาคลอด" })).toBeInTheDocument();
      expect(screen.queryByRole("table", { name: "ประเภทการลา" })).toBeNull();
    } finally {
      restore();
    }
  });

  test("the edit dialog posts every field and shows the server's field message under its input", async () => {
    const posted: Posted = [];
    renderLeave(() => <TypesTab items={TYPES} />, {
      posted,
      status: 400,
      answer: { ok: false, intent: "leave-type", error: "ประเภทการลานี้ต้องมีจำนวนวันต่อปี", fields: { quota_days: "ประเภทการลานี้ต้องมีจำนวนวันต่อปี" } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "แก้ไข ลากิจ" }));
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขประเภทการลา: ลากิจ" });
    const quota = within(dialog).getByLabelText(/สิทธิ์การลา \(วัน\)/);
    expect(quota).toHaveValue("3");
    await user.clear(quota);
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          intent: "leave-type",
          id: "1",
          half_day: "true",
          active: "true",
          quota_days: "",
          per: "year",
          unit: "working_day",
          certificate_from_days: "",
          paid_days: "3",
          pay_percent: "100",
          event_window_days: "",
        },
      ]),
    );
    expect(await within(dialog).findByText("ประเภทการลานี้ต้องมีจำนวนวันต่อปี")).toBeInTheDocument();
    expect(quota).toHaveAttribute("aria-invalid", "true");
    expect(quota).toHaveAccessibleDescription(expect.stringContaining("ประเภทการลานี้ต้องมีจำนวนวันต่อปี"));
    // The message goes once the field changes.
    await user.type(quota, "4");
    expect(within(dialog).queryByText("ประเภทการลานี้ต้องมีจำนวนวันต่อปี")).toBeNull();
  }, 20_000);

  test("turning a type off asks first; nothing is posted until confirmed", async () => {
    const posted: Posted = [];
    renderLeave(() => <TypesTab items={TYPES} />, { posted, answer: { ok: true, message: 'บันทึกประเภทการลา "ลาป่วย" แล้ว' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "แก้ไข ลาป่วย" }));
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขประเภทการลา: ลาป่วย" });
    await user.click(within(dialog).getByRole("switch", { name: "เปิดให้พนักงานยื่นคำขอ" }));
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    const confirm = await screen.findByRole("dialog", { name: "ปิดลาป่วย" });
    expect(confirm).toHaveTextContent("พนักงานจะยื่นคำขอลาป่วยไม่ได้");
    expect(posted).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "ปิดประเภทการลา" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "leave-type", id: "2", active: "false" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "แก้ไขประเภทการลา: ลาป่วย" })).toBeNull());
  }, 20_000);

  test("turning a type on posts at once", async () => {
    const posted: Posted = [];
    renderLeave(() => <TypesTab items={TYPES} />, { posted });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "แก้ไข ลาอุปสมบท" }));
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขประเภทการลา: ลาอุปสมบท" });
    await user.click(within(dialog).getByRole("switch", { name: "เปิดให้พนักงานยื่นคำขอ" }));
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ id: "10", active: "true" });
    expect(screen.queryByRole("dialog", { name: "ปิดลาอุปสมบท" })).toBeNull();
  }, 20_000);
});
