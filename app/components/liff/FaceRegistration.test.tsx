import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { FaceRegistration } from "./FaceRegistration";
import { EMP_API_MESSAGES } from "./emp-api";
import { FACE_REGISTERED_MESSAGE } from "./messages";

// The server's own texts (FACE_ERRORS in app/lib/face.server.ts), as its pre-check and its registration answer them.
const SERVER_NO_FACE = "ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน";
const SERVER_MANY_FACES = "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง";

type Answer = { status: number; body: unknown } | "network";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** fetch answers by route: the pre-check and the registration, each with its own answers in turn. */
function serverAnswers(routes: { precheck?: Answer; face?: Answer }) {
  const fetch = vi.fn(async (url: string) => {
    const answer = url === "/api/emp/face/precheck" ? routes.precheck : url === "/api/emp/face" ? routes.face : undefined;
    if (!answer) throw new Error(`unexpected ${url}`);
    if (answer === "network") throw new TypeError("Failed to fetch");
    return json(answer.status, answer.body);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const ONE_FACE = { status: 200, body: { faces: 1, message: null } };

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

async function choosePhoto(precheck: Answer, face?: Answer) {
  const fetch = serverAnswers({ precheck, face });
  const onRegistered = vi.fn();
  const { container } = renderPage(onRegistered);
  await userEvent.click(screen.getByRole("checkbox", { name: "ยินยอม" }));
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(["x"], "me.jpg", { type: "image/jpeg" }));
  await screen.findByRole("img", { name: "รูปที่ถ่าย" });
  await waitFor(() => expect(screen.queryByText("กำลังตรวจรูป…")).toBeNull());
  return { onRegistered, fetch };
}

describe("FaceRegistration", () => {
  test("the photo is pre-checked by the server, then the same photo is sent as multipart and the success is confirmed in Thai", async () => {
    const { onRegistered, fetch } = await choosePhoto(ONE_FACE, { status: 200, body: { employee: {} } });
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "ใช้รูปนี้" }));
    expect(await screen.findByText(FACE_REGISTERED_MESSAGE)).toBeVisible();
    expect(onRegistered).toHaveBeenCalledTimes(1);
    const [[precheckUrl, precheck], [url, init]] = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(precheckUrl).toBe("/api/emp/face/precheck");
    expect(precheck.method).toBe("POST");
    expect(url).toBe("/api/emp/face");
    const sent = (init.body as FormData).get("photo");
    expect(sent).toBeInstanceOf(Blob);
    const checked = (precheck.body as FormData).get("photo") as Blob;
    expect([(sent as Blob).size, (sent as Blob).type]).toEqual([checked.size, checked.type]);
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
    const { fetch } = await choosePhoto(ONE_FACE);
    await userEvent.click(screen.getByRole("checkbox", { name: "ยินยอม" }));
    expect(screen.getByRole("button", { name: "ใช้รูปนี้" })).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1); // the pre-check only
  });

  test("several faces (a dark group photo too): the server's red message and nothing to send, not even 'anyway'", async () => {
    const { fetch } = await choosePhoto({ status: 200, body: { faces: 3, message: SERVER_MANY_FACES } });
    expect(screen.getByRole("alert")).toHaveTextContent(SERVER_MANY_FACES);
    expect(screen.getAllByText(SERVER_MANY_FACES)).toHaveLength(1);
    expect(screen.queryByText(/มืด/)).toBeNull();
    expect(screen.queryByRole("button", { name: "ส่งรูปนี้อยู่ดี" })).toBeNull();
    expect(screen.queryByRole("button", { name: "ใช้รูปนี้" })).toBeNull();
    expect(screen.getByRole("button", { name: "ถ่ายใหม่" })).toBeEnabled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("no face: the server's own words and nothing to send (the registration would refuse it the same way)", async () => {
    await choosePhoto({ status: 200, body: { faces: 0, message: SERVER_NO_FACE } });
    expect(screen.getByRole("alert")).toHaveTextContent(SERVER_NO_FACE);
    expect(screen.queryByRole("button", { name: "ส่งรูปนี้อยู่ดี" })).toBeNull();
    expect(screen.queryByRole("button", { name: "ใช้รูปนี้" })).toBeNull();
  });

  test.each([
    ["the engine is busy or down", { status: 200, body: { faces: null, message: null } }],
    ["the pre-check fails", { status: 503, body: { error: "ระบบตรวจใบหน้าขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง" } }],
    ["the network fails", "network"],
  ] as const)("%s: the pre-check says nothing and the photo may be sent; the registration decides", async (_, precheck) => {
    const { onRegistered } = await choosePhoto(precheck, { status: 422, body: { error: SERVER_NO_FACE } });
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "ใช้รูปนี้" }));
    expect(await screen.findByText(SERVER_NO_FACE)).toBeVisible();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  test("a network failure shows the client's Thai message, once", async () => {
    await choosePhoto(ONE_FACE, "network");
    await userEvent.click(screen.getByRole("button", { name: "ใช้รูปนี้" }));
    expect(await screen.findByText(EMP_API_MESSAGES.network)).toBeVisible();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "ใช้รูปนี้" })).toBeEnabled();
  });
});
