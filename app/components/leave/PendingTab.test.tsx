import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { PendingTab, type PendingItem, type PendingTabData } from "./PendingTab";
import { petition, renderLeave } from "./leave.test-helpers";
import type { PetitionAction } from "./leave-labels";

const item = (over: Partial<PendingItem> = {}): PendingItem => ({
  ...petition(),
  balance: { quota: 3, used: 1, after: -1, other_pending: 0.5 },
  away: [
    { employee_id: 8, full_name: "นางสาวมาลี สุขใจ", code: "E0008", start_date: "2026-03-10", end_date: "2026-03-10", half: "morning", status: 2 },
    { employee_id: 9, full_name: "นายวิชัย ทองดี", code: "E0009", start_date: "2026-03-11", end_date: "2026-03-12", half: "full", status: 1 },
  ],
  ...over,
});

const page = (items: PendingItem[]): PendingTabData => ({ items, total: items.length, page: 1, page_size: 20 });

describe("PendingTab", () => {
  test("shows the employee, type, Thai dates, days, reason, filed time, over-quota in red and who else is away", async () => {
    renderLeave(() => <PendingTab data={page([item()])} onAction={() => {}} />);
    const card = await screen.findByTestId("pending-petition");
    expect(card).toHaveTextContent("นายสมชาย ใจดี");
    expect(card).toHaveTextContent("E0005 · ยื่นเมื่อ 1 มี.ค. 2569 09:15");
    expect(card).toHaveTextContent("ลากิจ");
    expect(card).toHaveTextContent("9 มี.ค. 2569 – 11 มี.ค. 2569 · 3 วัน");
    expect(card).toHaveTextContent("พาแม่ไปโรงพยาบาล");
    expect(within(card).getByTestId("over-quota")).toHaveTextContent("เกินสิทธิ์ 1 วัน");
    expect(card).toHaveTextContent("สิทธิ์ลากิจปี 2569: 3 วัน · ใช้แล้ว 1 วัน · คำขออื่นรออนุมัติ 0.5 วัน");
    const away = within(card).getByTestId("away");
    expect(away).toHaveTextContent("นางสาวมาลี สุขใจ (อนุมัติ)");
    expect(away).toHaveTextContent("นายวิชัย ทองดี (ยื่นคำขอ)");
    expect(away).not.toHaveTextContent("และอีก");
  });

  test("more colleagues away than listed: the rest are counted", async () => {
    renderLeave(() => <PendingTab data={page([item({ away_total: 14 })])} onAction={() => {}} />);
    expect(within(await screen.findByTestId("away")).getByText("และอีก 12 คน")).toBeInTheDocument();
  });

  test("a balance left after approval is not red; nobody else away says so", async () => {
    renderLeave(() => <PendingTab data={page([item({ balance: { quota: 30, used: 0, after: 27, other_pending: 0 }, away: [] })])} onAction={() => {}} />);
    const card = await screen.findByTestId("pending-petition");
    expect(card).toHaveTextContent("คงเหลือหลังอนุมัติ 27 วัน");
    expect(within(card).queryByTestId("over-quota")).toBeNull();
    expect(card).toHaveTextContent("ไม่มีพนักงานคนอื่นลาในวันเหล่านี้");
  });

  test("a type without a fixed number of days (sterilisation): as the certificate says, never over quota", async () => {
    renderLeave(() => <PendingTab data={page([item({ type: 8, balance: { quota: null, used: 2, after: null, other_pending: 0 } })])} onAction={() => {}} />);
    const card = await screen.findByTestId("pending-petition");
    expect(card).toHaveTextContent("ลาได้ตามใบรับรองแพทย์");
    expect(card).toHaveTextContent("สิทธิ์ลาทำหมันปี 2569: ตามใบรับรองแพทย์ · ใช้แล้ว 2 วัน");
    expect(within(card).queryByTestId("over-quota")).toBeNull();
  });

  test("a half day shows which half; the certificate thumbnail opens the full picture", async () => {
    const url = "/uploads/leaves/0f8fad5b-d9cb-469f-a165-70867728950e.jpg";
    renderLeave(() => (
      <PendingTab
        data={page([item({ type: 2, start_date: "2026-03-10", end_date: "2026-03-10", half: "afternoon", days: 0.5, attachment_url: url })])}
        onAction={() => {}}
      />
    ));
    const card = await screen.findByTestId("pending-petition");
    expect(card).toHaveTextContent("10 มี.ค. 2569 (ครึ่งวันบ่าย) · 0.5 วัน");
    expect(within(card).getByAltText("ใบรับรองแพทย์")).toHaveAttribute("src", `${url}?size=thumb`);
    await userEvent.setup().click(within(card).getByRole("button", { name: "ดูใบรับรองแพทย์" }));
    const dialog = await screen.findByRole("dialog", { name: "ใบรับรองแพทย์" });
    expect(within(dialog).getByAltText("ใบรับรองแพทย์ (ขนาดเต็ม)")).toHaveAttribute("src", url);
  });

  test("the explanation given instead of a certificate", async () => {
    renderLeave(() => <PendingTab data={page([item({ type: 2, certificate_note: "คลินิกไม่ออกใบรับรอง" })])} onAction={() => {}} />);
    expect(await screen.findByTestId("pending-petition")).toHaveTextContent("คำชี้แจงแทนใบรับรองแพทย์: คลินิกไม่ออกใบรับรอง");
  });

  test("approve, reject and the quota editor ask the page to open their dialogs", async () => {
    const asked: PetitionAction[] = [];
    renderLeave(() => <PendingTab data={page([item()])} onAction={(a) => asked.push(a)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "อนุมัติ" }));
    await user.click(screen.getByRole("button", { name: "ไม่อนุมัติ" }));
    await user.click(screen.getByRole("button", { name: "แก้ไขสิทธิ์การลา" }));
    expect(asked.map((a) => (a.kind === "quota" ? [a.kind, a.employee.id, a.year] : [a.kind, a.petition.id]))).toEqual([
      ["accept", 7],
      ["reject", 7],
      ["quota", 5, 2026],
    ]);
  });

  test("an empty queue", async () => {
    renderLeave(() => <PendingTab data={page([])} onAction={() => {}} />);
    expect(await screen.findByText("ไม่มีคำขอลารออนุมัติ")).toBeInTheDocument();
  });
});
