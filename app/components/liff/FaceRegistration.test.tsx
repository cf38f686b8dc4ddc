import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { FaceRegistration } from "./FaceRegistration";
import { EMP_API_MESSAGES } from "./emp-api";
import { LOCAL_CHECK_MESSAGES, type LocalCheck } from "./face-check.client";
import { FACE_REGISTERED_MESSAGE } from "./messages";

const localCheck = vi.hoisted(() => ({ result: { ok: true } as LocalCheck }));
vi.mock("./face-check.client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./face-check.client")>()),
  checkFaceLocally: vi.fn(async () => localCheck.result),
}));

const SERVER_NO_FACE = "ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน";

let restore: Array<() => void> = [];
beforeEach(() => {
  // jsdom draws nothing: a canvas without a context, a fixed JPEG, a bitmap of any file.
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, "toBlob")
    .mockImplementation((done) => done(new Blob(["jpeg"], { type: "image/jpeg" })));
  restore = [() => getContext.mockRestore(), () => toBlob.mockRestore()];
  vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 1200, height: 900 })));
  URL.createObjectURL = vi.fn(() => "blob:selfie");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  restore.forEach((undo) => undo());
  vi.unstubAllGlobals();
});

function renderPage(onRegistered = vi.fn(), retentionDays?: number) {
  return render(
    <MantineProvider>
      <FaceRegistration onRegistered={onRegistered} retentionDays={retentionDays} />
    </MantineProvider>,
  );
}

async function choosePhoto(check: LocalCheck) {
  localCheck.result = check;
  const onRegistered = vi.fn();
  const { container } = renderPage(onRegistered);
  await userEvent.click(screen.getByRole("checkbox", { name: "ยินยอม" }));
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(["x"], "me.jpg", { type: "image/jpeg" }));
  await screen.findByRole("img", { name: "รูปที่ถ่าย" });
  await waitFor(() => expect(screen.queryByText("กำลังตรวจรูป…")).toBeNull());
  return onRegistered;
}

function serverAnswers(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("FaceRegistration", () => {
  test("a photo that passes the local check is sent as multipart and the success is confirmed in Thai", async () => {
    const onRegistered = await choosePhoto({ ok: true });
    const fetch = serverAnswers(200, { employee: {} });
    await userEvent.click(screen.getByRole("button", { name: "ใช้รูปนี้" }));
    expect(await screen.findByText(FACE_REGISTERED_MESSAGE)).toBeVisible();
    expect(onRegistered).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/emp/face");
    expect((init.body as FormData).get("photo")).toBeInstanceOf(Blob);
    expect((init.body as FormData).get("consent")).toBe("1");
  });

  test("consent first: the text says what, why, how long, who and how to withdraw; the photo buttons wait for the tick", async () => {
    renderPage(vi.fn(), 90);
    expect(screen.getByText(/รูปถ่ายใบหน้าและค่าลักษณะใบหน้า/)).toBeVisible();
    expect(screen.getByText(/ยืนยันว่าผู้ลงเวลาเข้า-ออกงานเป็นตัวท่านเอง/)).toBeVisible();
    expect(screen.getByText(/จนกว่าจะรีเซ็ตใบหน้าหรือท่านพ้นสภาพพนักงาน.*ครบ 90 วัน/)).toBeVisible();
    expect(screen.getByText(/ผู้ดูแลระบบของสำนักงานเท่านั้น/)).toBeVisible();
    expect(screen.getByText(/ถอนความยินยอมได้.*แจ้งผู้ดูแลระบบ/)).toBeVisible();
    const consent = screen.getByRole("checkbox", { name: "ยินยอม" });
    expect(consent).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole("button", { name: "เปิดกล้อง" })).toBeDisabled());
    expect(screen.getByRole("button", { name: "เลือกรูป" })).toBeDisabled();
    await userEvent.click(consent);
    await waitFor(() => expect(screen.getByRole("button", { name: "เปิดกล้อง" })).toBeEnabled());
    expect(screen.getByRole("button", { name: "เลือกรูป" })).toBeEnabled();
    await userEvent.click(consent);
    expect(screen.getByRole("button", { name: "เลือกรูป" })).toBeDisabled();
  });

  test("unticking after choosing a photo disables sending it", async () => {
    await choosePhoto({ ok: true });
    const fetch = serverAnswers(200, {});
    await userEvent.click(screen.getByRole("checkbox", { name: "ยินยอม" }));
    expect(screen.getByRole("button", { name: "ใช้รูปนี้" })).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });

  test("several faces: one red message and nothing to send (the server would refuse it)", async () => {
    await choosePhoto({ ok: false, refused: true, message: LOCAL_CHECK_MESSAGES.manyFaces });
    expect(screen.getAllByText(LOCAL_CHECK_MESSAGES.manyFaces)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "ส่งรูปนี้อยู่ดี" })).toBeNull();
    expect(screen.queryByRole("button", { name: "ใช้รูปนี้" })).toBeNull();
    expect(screen.getByRole("button", { name: "ถ่ายใหม่" })).toBeEnabled();
  });

  test("no face locally: may be sent anyway; the server's refusal then replaces the local warning", async () => {
    const onRegistered = await choosePhoto({ ok: false, refused: false, message: LOCAL_CHECK_MESSAGES.noFace });
    expect(screen.getByText(LOCAL_CHECK_MESSAGES.noFace)).toBeVisible();
    serverAnswers(422, { error: SERVER_NO_FACE });
    await userEvent.click(screen.getByRole("button", { name: "ส่งรูปนี้อยู่ดี" }));
    expect(await screen.findByText(SERVER_NO_FACE)).toBeVisible();
    expect(screen.queryByText(LOCAL_CHECK_MESSAGES.noFace)).toBeNull();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  test("a network failure shows the client's Thai message, once", async () => {
    await choosePhoto({ ok: true });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await userEvent.click(screen.getByRole("button", { name: "ใช้รูปนี้" }));
    expect(await screen.findByText(EMP_API_MESSAGES.network)).toBeVisible();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "ใช้รูปนี้" })).toBeEnabled();
  });
});
