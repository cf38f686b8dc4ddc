import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { ReviewTab, type ReviewRecord, type ReviewTabData } from "./ReviewTab";

const record: ReviewRecord = {
  id: 42,
  work_date: "2026-11-23",
  flags: ["outside", "face_not_matched"],
  review_status: "pending",
  checkin_review: "pending",
  checkout_review: "none",
  review_note: null,
  checkin_at: "2026-11-23T01:20:00.000Z",
  checkin_photo_url: "/uploads/checkinouts/0f8fad5b-d9cb-469f-a165-70867728950e.jpg",
  checkin_address: "ถนนสีลม",
  checkin_office: "สำนักงานใหญ่",
  checkin_geofence: "outside",
  checkin_lat: 13.7291,
  checkin_lng: 100.5331,
  checkin_accuracy: 25,
  checkin_distance_m: 420,
  checkin_match: 0,
  checkin_face_distance: 0.612,
  checkout_at: null,
  checkout_photo_url: null,
  checkout_address: null,
  checkout_office: null,
  checkout_geofence: null,
  checkout_lat: null,
  checkout_lng: null,
  checkout_accuracy: null,
  checkout_distance_m: null,
  checkout_match: null,
  checkout_face_distance: null,
};

const DATA: ReviewTabData = {
  status: "pending",
  items: [
    {
      employee: {
        id: 5,
        code: "E0005",
        full_name: "นายสมชาย ใจดี",
        position: "ช่าง",
        photo_url: "/uploads/employees/1f8fad5b-d9cb-469f-a165-70867728950e.jpg",
        face_url: "/uploads/employees/2f8fad5b-d9cb-469f-a165-70867728950e.jpg",
      },
      record,
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

function renderTab(posted: Record<string, FormDataEntryValue>[], data: ReviewTabData = DATA) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <ReviewTab data={data} />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json({ ok: true, message: "ปฏิเสธการลงเวลาแล้ว" });
      },
    },
  ]);
  render(<Stub initialEntries={["/?tab=review"]} />);
}

describe("ReviewTab", () => {
  test("shows the evidence side by side: selfie, registered face, employee photo, distance, accuracy, flags", async () => {
    renderTab([]);
    const card = await screen.findByTestId("review-card");
    const images = within(card).getAllByRole("img").map((img) => img.getAttribute("alt"));
    expect(images).toEqual(["รูปเข้างาน", "ใบหน้าที่ลงทะเบียน", "รูปพนักงาน"]);
    expect(card).toHaveTextContent("อยู่นอกรัศมีสำนักงาน");
    expect(card).toHaveTextContent("ใบหน้าไม่ตรงกับที่ลงทะเบียน");
    expect(card).toHaveTextContent("ห่าง สำนักงานใหญ่ 420 ม. (ความแม่นยำ ±25 ม.) · นอกรัศมี");
    expect(card).toHaveTextContent("ค่าความต่าง 0.612");
    expect(within(card).getByRole("link", { name: "เปิดแผนที่" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=13.7291,100.5331",
    );
  });

  test("reject asks for confirmation, then posts the decision on the pending side with the note", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderTab(posted);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("หมายเหตุ"), "ไม่ใช่คนเดียวกัน");
    await user.click(within(screen.getByRole("group", { name: "เวลาเข้า" })).getByRole("button", { name: "ปฏิเสธ" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("จะถือว่าขาดงาน");
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "ปฏิเสธ" }));
    await waitFor(() =>
      expect(posted).toEqual([{ intent: "review", id: "42", decision: "reject", note: "ไม่ใช่คนเดียวกัน", side: "in" }]),
    );
  });

  test("accept posts at once; only the pending side has buttons", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderTab(posted);
    expect(screen.queryByRole("group", { name: "เวลาออก" })).toBeNull();
    await userEvent.setup().click(await screen.findByRole("button", { name: "ยอมรับ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "review", id: "42", decision: "accept", note: "", side: "in" }]));
  });

  test("both sides pending: each side on its own, or both at once without a side", async () => {
    const both: ReviewRecord = {
      ...record,
      checkout_review: "pending",
      checkout_at: "2026-11-23T10:40:00.000Z",
      checkout_office: "สำนักงานใหญ่",
      checkout_geofence: "outside",
      checkout_distance_m: 380,
    };
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderTab(posted, { ...DATA, items: [{ ...DATA.items[0], record: both }] });
    const user = userEvent.setup();
    const out = await screen.findByRole("group", { name: "เวลาออก" });
    await user.click(within(out).getByRole("button", { name: "ปฏิเสธ" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("จะถือว่าไม่ได้ลงเวลาออก เวลาเข้ายังนับตามเดิม");
    await user.click(within(dialog).getByRole("button", { name: "ปฏิเสธ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "review", id: "42", decision: "reject", note: "", side: "out" }]));
    await user.click(within(screen.getByRole("group", { name: "ทั้งสองเวลา" })).getByRole("button", { name: "ยอมรับ" }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ intent: "review", id: "42", decision: "accept", note: "" }));
  });

  test("each side shows its own review; a decided side has no buttons left", async () => {
    const half: ReviewRecord = { ...record, checkin_review: "accepted", checkout_review: "pending", checkout_at: "2026-11-23T10:40:00.000Z" };
    renderTab([], { ...DATA, items: [{ ...DATA.items[0], record: half }] });
    const card = await screen.findByTestId("review-card");
    expect(card).toHaveTextContent("เข้างาน 08:20ยอมรับแล้ว");
    expect(card).toHaveTextContent("ออกงาน 17:40รอตรวจสอบ");
    expect(within(card).queryByRole("group", { name: "เวลาเข้า" })).toBeNull();
    expect(within(card).getByRole("group", { name: "เวลาออก" })).toBeInTheDocument();
  });

  test("a record whose sides were never reviewed on their own is decided as a whole", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderTab(posted, { ...DATA, items: [{ ...DATA.items[0], record: { ...record, checkin_review: "none" } }] });
    expect(screen.queryByRole("group", { name: "เวลาเข้า" })).toBeNull();
    await userEvent.setup().click(await screen.findByRole("button", { name: "ยอมรับ" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "review", id: "42", decision: "accept", note: "" }]));
  });

  test("a selfie deleted by the retention period says so where it was; its face decision still shows", async () => {
    const purged = { ...record, checkin_photo_url: null, checkin_photo_purged: true, checkin_match: null, checkin_face_distance: null };
    renderTab([], { ...DATA, items: [{ ...DATA.items[0], record: purged }] });
    const card = await screen.findByTestId("review-card");
    expect(card).toHaveTextContent("ลบรูปตามระยะเวลาเก็บรักษาแล้ว");
    expect(within(card).getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(["ใบหน้าที่ลงทะเบียน", "รูปพนักงาน"]);
    expect(card).toHaveTextContent("ใบหน้ารอตรวจ");
  });
});
