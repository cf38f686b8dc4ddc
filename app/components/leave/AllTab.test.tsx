import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "@remix-run/react";
import "~/lib/thai-date";
import { atPhoneWidth } from "~/components/phone-width.test-helpers";
import { AllTab, type AllTabData } from "./AllTab";
import type { PetitionAction } from "./leave-labels";
import { petition, renderLeave } from "./leave.test-helpers";

const DATA: AllTabData = {
  query: { year: 2026, status: null, type: null, employee_id: null },
  years: [2024, 2025, 2026, 2027],
  employee: null,
  items: [
    petition({ id: 1, status: 1 }),
    petition({ id: 2, status: 2, decision_note: "อนุมัติแล้ว ส่งงานก่อนลา" }),
    petition({ id: 3, status: 3 }),
    petition({ id: 4, status: 0, cancelled_by: "admin" }),
  ],
  total: 4,
  page: 1,
  page_size: 20,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

describe("AllTab", () => {
  test("a table row per petition with its status badge and note", async () => {
    renderLeave(() => <AllTab data={DATA} onAction={() => {}} />);
    const table = await screen.findByRole("table", { name: "คำขอลาทั้งหมด" });
    const rows = within(table).getAllByTestId("petition-row");
    expect(rows.map((r) => within(r).getAllByText(/ยื่นคำขอ|อนุมัติ|ไม่อนุมัติ|ยกเลิก/).at(-1)?.textContent)).toEqual([
      "ยื่นคำขอ",
      "อนุมัติ",
      "ไม่อนุมัติ",
      "ยกเลิก (ผู้ดูแล)",
    ]);
    expect(rows[0]).toHaveTextContent("นายสมชาย ใจดีE0005ลากิจ9 มี.ค. 2569 – 11 มี.ค. 2569");
    expect(rows[1]).toHaveTextContent("หมายเหตุ: อนุมัติแล้ว ส่งงานก่อนลา");
    expect(screen.getByText("ทั้งหมด 4 รายการ")).toBeInTheDocument();
    expect(screen.queryByTestId("petition-cards")).toBeNull();
  });

  test("phone width gets cards with the same petitions, and no table", async () => {
    const restore = atPhoneWidth();
    try {
      renderLeave(() => <AllTab data={DATA} onAction={() => {}} />);
      const cards = await screen.findByTestId("petition-cards");
      expect(within(cards).getAllByText("นายสมชาย ใจดี")).toHaveLength(4);
      expect(cards).toHaveTextContent("9 มี.ค. 2569 – 11 มี.ค. 2569 · 3 วัน");
      expect(screen.queryByRole("table", { name: "คำขอลาทั้งหมด" })).toBeNull();
    } finally {
      restore();
    }
  });

  test("only pending and approved petitions offer a cancel; every row offers the quota editor", async () => {
    const asked: PetitionAction[] = [];
    renderLeave(() => <AllTab data={DATA} onAction={(a) => asked.push(a)} />);
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "คำขอลาทั้งหมด" });
    const rows = within(table).getAllByTestId("petition-row");
    const menuOf = async (row: HTMLElement) => {
      await user.click(within(row).getByRole("button", { name: /จัดการคำขอลา/ }));
      return screen.findByRole("menu");
    };
    for (const [i, cancellable] of [[0, true], [1, true], [2, false], [3, false]] as const) {
      const menu = await menuOf(rows[i]);
      expect(within(menu).getByRole("menuitem", { name: "แก้ไขสิทธิ์การลา" })).toBeInTheDocument();
      expect(within(menu).queryByRole("menuitem", { name: "ยกเลิกคำขอลา" }) != null).toBe(cancellable);
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    }
    await user.click(within(await menuOf(rows[1])).getByRole("menuitem", { name: "ยกเลิกคำขอลา" }));
    expect(asked).toEqual([{ kind: "cancel", petition: DATA.items[1] }]);
  }, 20_000);

  test("filters go to the address and start again from page 1; the pager keeps them", async () => {
    renderLeave(
      () => (
        <>
          <AllTab data={{ ...DATA, page: 2, total: 60 }} onAction={() => {}} />
          <Where />
        </>
      ),
      { url: "/admin/leave-work?tab=all&page=2" },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("textbox", { name: "สถานะ" }));
    await user.click(await screen.findByRole("option", { name: "อนุมัติ" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=all&status=2"));
    await user.click(screen.getByRole("textbox", { name: "ปี" }));
    await user.click(await screen.findByRole("option", { name: "พ.ศ. 2568" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=all&status=2&year=2025"));
    await user.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=all&status=2&year=2025&page=3"));
  }, 20_000);

  test("the type filter lists every type of the catalogue", async () => {
    renderLeave(() => <AllTab data={DATA} onAction={() => {}} />);
    await userEvent.setup().click(await screen.findByRole("textbox", { name: "ประเภท" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "ลากิจ",
      "ลาป่วย",
      "ลาพักร้อน",
      "ลาคลอด",
      "ลาช่วยเหลือคู่สมรสคลอดบุตร",
      "ลาดูแลบุตรที่เจ็บป่วยหรือพิการ",
      "ลารับราชการทหาร",
      "ลาทำหมัน",
      "ลาฝึกอบรม",
      "ลาอุปสมบท",
    ]);
  });

  test("no petitions", async () => {
    renderLeave(() => <AllTab data={{ ...DATA, items: [], total: 0 }} onAction={() => {}} />);
    expect(await screen.findByText("ไม่พบคำขอลา")).toBeInTheDocument();
  });
});
