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
  flag_evidence: {},
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
  checkin_proof: "gps",
  checkin_liveness: null,
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
  checkout_proof: null,
  checkout_liveness: null,
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

describe("ReviewTab: presence evidence", () => {
  const HQ = { lat: 13.7563, lng: 100.5018 };
  const FAR = { lat: 14.655621, lng: 100.5018 };
  const located: ReviewRecord = {
    ...record,
    flags: ["repeated_position", "position_accuracy_suspect", "impossible_travel"],
    checkin_review: "pending",
    checkout_review: "pending",
    checkin_geofence: "inside",
    checkin_match: 1,
    checkin_proof: "qr",
    checkin_liveness: 0.8234,
    checkout_at: "2026-11-23T01:50:00.000Z",
    checkout_photo_url: "/uploads/checkinouts/1f8fad5b-d9cb-469f-a165-70867728950e.jpg",
    checkout_office: "สาขาเหนือ",
    checkout_geofence: "inside",
    checkout_lat: FAR.lat,
    checkout_lng: FAR.lng,
    checkout_accuracy: 15,
    checkout_distance_m: 4,
    checkout_match: 1,
    checkout_proof: "gps",
    checkout_liveness: 0.31,
    flag_evidence: {
      repeated_position: { checkin: { date: "2026-11-20", side: "checkout", lat: 13.7291, lng: 100.5331 } },
      position_accuracy_suspect: { checkin: { accuracies: [20, 20, 20, 20, 20], rule: "same" } },
      impossible_travel: {
        checkout: {
          from: { ...HQ, at: "2026-11-23T01:20:00.000Z", kind: "checkin" },
          to: { ...FAR, at: "2026-11-23T01:50:00.000Z", kind: "checkout" },
          distance_m: 100_000,
          minutes: 30,
          speed_kmh: 200,
        },
      },
    },
  };
  const withRecord = (r: ReviewRecord): ReviewTabData => ({ ...DATA, items: [{ ...DATA.items[0], record: r }] });

  test("impossible travel under the check-out: the two points with map links, the distance, the minutes, the speed", async () => {
    renderTab([], withRecord(located));
    const out = await screen.findByTestId("review-checkout");
    const evidence = within(out).getByTestId("flag-evidence");
    expect(evidence).toHaveTextContent("เดินทางเร็วเกินจริงจากการลงเวลาครั้งก่อน");
    expect(evidence).toHaveTextContent("เดินทาง 100 กม. ใน 30 นาที (200 กม./ชม.)");
    expect(evidence).toHaveTextContent("จากเข้างาน 23 พ.ย. 2569 08:20 น. · 13.756300, 100.501800");
    expect(evidence).toHaveTextContent("ถึงออกงาน 23 พ.ย. 2569 08:50 น. · 14.655621, 100.501800");
    expect(within(evidence).getByRole("link", { name: "แผนที่จากเข้างาน 23 พ.ย. 2569 08:20 น." })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=13.7563,100.5018",
    );
    expect(within(evidence).getByRole("link", { name: "แผนที่ถึงออกงาน 23 พ.ย. 2569 08:50 น." })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=14.655621,100.5018",
    );
    // The check-in's evidence is its own.
    expect(within(out).queryByText(/พิกัดเดียวกับ/)).toBeNull();
  });

  test("repeated point and suspect accuracy under the check-in: the earlier day and side, the accuracies", async () => {
    renderTab([], withRecord(located));
    const evidence = within(await screen.findByTestId("review-checkin")).getByTestId("flag-evidence");
    expect(evidence).toHaveTextContent("พิกัดซ้ำกับการลงเวลาวันอื่นทุกตำแหน่งทศนิยม");
    expect(evidence).toHaveTextContent("พิกัดเดียวกับเวลาออกงานวันที่ 20 พ.ย. 2569 · 13.729100, 100.533100");
    expect(within(evidence).getByRole("link", { name: "แผนที่ออกงานวันที่ 20 พ.ย. 2569" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=13.7291,100.5331",
    );
    expect(evidence).toHaveTextContent("ค่าความแม่นยำของตำแหน่งผิดปกติ");
    expect(evidence).toHaveTextContent("ความแม่นยำเท่ากันทุกครั้ง 5 ครั้งล่าสุด: ±20, ±20, ±20, ±20, ±20 ม.");
    expect(evidence).not.toHaveTextContent("เดินทาง");
  });

  test("an accuracy below 1 m says why it is suspect", async () => {
    const below: ReviewRecord = {
      ...record,
      flags: ["position_accuracy_suspect"],
      flag_evidence: { position_accuracy_suspect: { checkin: { accuracies: [0.5], rule: "below_1m" } } },
    };
    renderTab([], withRecord(below));
    const evidence = within(await screen.findByTestId("review-checkin")).getByTestId("flag-evidence");
    expect(evidence).toHaveTextContent("ความแม่นยำ ±0.5 ม. (ละเอียดกว่า 1 เมตร ซึ่ง GPS ของโทรศัพท์ทำไม่ได้)");
  });

  test("the liveness score beside each selfie and the proof on each side", async () => {
    renderTab([], withRecord(located));
    const card = await screen.findByTestId("review-card");
    const selfie = (alt: string) => within(card).getByRole("img", { name: alt }).closest(".mantine-Stack-root");
    expect(selfie("รูปเข้างาน")).toHaveTextContent("คะแนนใบหน้าจริง 0.82");
    expect(selfie("รูปออกงาน")).toHaveTextContent("คะแนนใบหน้าจริง 0.31");
    expect(within(card).getByTestId("review-checkin")).toHaveTextContent("QR ที่สำนักงาน");
    expect(within(card).getByTestId("review-checkout")).toHaveTextContent("GPS");
  });

  test("a record without evidence or scores shows none (records from before, or a side without a position)", async () => {
    renderTab([], withRecord({ ...record, checkin_proof: null }));
    const card = await screen.findByTestId("review-card");
    expect(within(card).queryByTestId("flag-evidence")).toBeNull();
    expect(card).not.toHaveTextContent("คะแนนใบหน้าจริง");
    expect(within(card).getByTestId("review-checkin")).not.toHaveTextContent("GPS");
  });
});
