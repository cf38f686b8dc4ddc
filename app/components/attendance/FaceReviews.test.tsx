import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import "~/lib/thai-date";
import { FaceReviews, type FaceReviewsData } from "./FaceReviews";
import { ReviewTab } from "./ReviewTab";

const FACE = "/uploads/employees/3f8fad5b-d9cb-469f-a165-70867728950e.jpg";
const PHOTO = "/uploads/employees/4f8fad5b-d9cb-469f-a165-70867728950e.jpg";

const DATA: FaceReviewsData = {
  items: [
    {
      employee: { id: 7, code: "E0007", full_name: "นางสาวมาลี ใจงาม", position: "บัญชี", photo_url: PHOTO },
      face_url: FACE,
      face_registered_at: "2026-11-23T02:05:00.000Z",
      face_consent_at: "2026-11-23T02:05:00.000Z",
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

function renderWith(ui: ReactNode, posted: Record<string, FormDataEntryValue>[] = []) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            {ui}
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json({ ok: true, message: "ยืนยันใบหน้าแล้ว" });
      },
    },
  ]);
  render(<Stub initialEntries={["/?tab=review"]} />);
}

// Typing and the confirmation modal take a few seconds on a busy machine.
describe("FaceReviews", { timeout: 15_000 }, () => {
  test("a new registration: the registered face beside the employee photo, with the registration time", async () => {
    renderWith(<FaceReviews data={DATA} />);
    const section = await screen.findByRole("region", { name: "ใบหน้าที่ลงทะเบียนใหม่" });
    expect(within(section).getByRole("heading", { name: "ใบหน้าที่ลงทะเบียนใหม่" })).toBeVisible();
    const card = within(section).getByTestId("face-review-card");
    expect(within(card).getAllByRole("img").map((img) => [img.getAttribute("alt"), img.getAttribute("src")])).toEqual([
      ["ใบหน้าที่ลงทะเบียน", `${FACE}?size=thumb`],
      ["รูปพนักงาน", `${PHOTO}?size=thumb`],
    ]);
    expect(card).toHaveTextContent("นางสาวมาลี ใจงาม");
    expect(card).toHaveTextContent("E0007 · บัญชี · ลงทะเบียน 23 พ.ย. 2569 09:05");
  });

  test("ยืนยัน posts the decision with the face that was shown", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderWith(<FaceReviews data={DATA} />, posted);
    await userEvent.setup().click(await screen.findByRole("button", { name: "ยืนยัน" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "face_review", id: "7", decision: "confirm", note: "", face_url: FACE }]));
  });

  test("ไม่ใช่ใบหน้าของพนักงาน asks first (the face is deleted), then posts the rejection with the note", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    renderWith(<FaceReviews data={DATA} />, posted);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("หมายเหตุ"), "เป็นรูปคนอื่น");
    await user.click(screen.getByRole("button", { name: "ไม่ใช่ใบหน้าของพนักงาน" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("ต้องลงทะเบียนใบหน้าใหม่");
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "ลบใบหน้านี้" }));
    await waitFor(() =>
      expect(posted).toEqual([{ intent: "face_review", id: "7", decision: "reject", note: "เป็นรูปคนอื่น", face_url: FACE }]),
    );
  });

  test("nothing waiting: no section at all", async () => {
    renderWith(
      <>
        <FaceReviews data={{ ...DATA, items: [], total: 0 }} />
        <span>end</span>
      </>,
    );
    await screen.findByText("end");
    expect(screen.queryByRole("region", { name: "ใบหน้าที่ลงทะเบียนใหม่" })).toBeNull();
  });

  test("the review tab includes the section", async () => {
    renderWith(<ReviewTab data={{ status: "pending", items: [], total: 0, page: 1, page_size: 20, faces: DATA }} />);
    expect(await screen.findByRole("region", { name: "ใบหน้าที่ลงทะเบียนใหม่" })).toBeVisible();
    expect(screen.getByText("ไม่มีรายการรอตรวจสอบ")).toBeVisible();
  });
});
