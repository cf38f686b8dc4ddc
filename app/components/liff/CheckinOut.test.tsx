import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { BLOCKED_MESSAGES, CHECKIN_MESSAGES, GEO_MESSAGES } from "./checkin-messages";
import type { AttendanceRecord, TodayState } from "./checkin-types";
import { CheckinHistory, recordStatuses } from "./CheckinHistory";
import { LiffConfigContext } from "./chat-confirm";
import { CheckinOut } from "./CheckinOut";
import { demoShareLog } from "./liff-client";
import type { FaceCheck } from "./face-check";

// The server's pre-check of the selfie (face-check.ts, tested on its own): one face unless a test says otherwise.
const precheck = vi.hoisted(() => ({ result: { status: "ok" } as FaceCheck }));
vi.mock("./face-check", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./face-check")>()),
  checkFaceOnServer: vi.fn(async () => precheck.result),
}));

const OFFICE = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
// About 35 m north of the office.
const NEAR = { lat: 13.7566148, lng: 100.5018 };

function today(over: Partial<TodayState> = {}): TodayState {
  return {
    record: null,
    next: "in",
    offices: [OFFICE],
    settings: { require_selfie: true, max_accuracy_m: 100, outside_radius: "review", work_start: "08:30", work_end: "17:30" },
    ...over,
  };
}

function record(over: Partial<AttendanceRecord> = {}): AttendanceRecord {
  return {
    work_date: "2026-11-23",
    checkin_at: "2026-11-23T01:31:00.000Z",
    checkin_lat: NEAR.lat,
    checkin_lng: NEAR.lng,
    checkin_accuracy: 12,
    checkin_distance_m: 35,
    checkin_office: OFFICE.name,
    checkin_geofence: "inside",
    checkin_address: null,
    checkin_photo_url: "/uploads/a.jpg",
    checkin_match: 1,
    checkin_face_distance: 0.3,
    checkout_at: null,
    checkout_lat: null,
    checkout_lng: null,
    checkout_accuracy: null,
    checkout_distance_m: null,
    checkout_office: null,
    checkout_geofence: null,
    checkout_address: null,
    checkout_photo_url: null,
    checkout_match: null,
    checkout_face_distance: null,
    late_minutes: 1,
    early_minutes: 0,
    flags: [],
    checked: false,
    review_status: null,
    ...over,
  };
}

type Geo = { getCurrentPosition: ReturnType<typeof vi.fn> };
const POSITION_TIME = Date.parse("2026-11-23T01:30:50.000Z");

function geolocationAnswers(answer: { accuracy: number } | { code: 1 | 2 | 3 } | "never", at = NEAR) {
  const geo: Geo = {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if (answer === "never") return;
      if ("code" in answer) {
        fail({ code: answer.code, message: "", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      } else {
        ok({ coords: { latitude: at.lat, longitude: at.lng, accuracy: answer.accuracy }, timestamp: POSITION_TIME } as GeolocationPosition);
      }
    }),
  };
  Object.defineProperty(navigator, "geolocation", { value: geo, configurable: true });
  return geo;
}

type Route = { status: number; body: unknown };
function serverAnswers(routes: Record<string, Route | Route[]>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const route = routes[key];
    const next = Array.isArray(route) ? route.shift() : route;
    if (!next) throw new Error(`unexpected ${key}`);
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

let restore: Array<() => void> = [];
beforeEach(() => {
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, "toBlob")
    .mockImplementation((done) => done(new Blob(["jpeg"], { type: "image/jpeg" })));
  restore = [() => getContext.mockRestore(), () => toBlob.mockRestore()];
  vi.stubGlobal("createImageBitmap", vi.fn(async () => ({ width: 1200, height: 900 })));
  URL.createObjectURL = vi.fn(() => "blob:selfie");
  URL.revokeObjectURL = vi.fn();
  precheck.result = { status: "ok" };
});
afterEach(() => {
  restore.forEach((undo) => undo());
  vi.unstubAllGlobals();
});

function show(initial: TodayState | null) {
  return render(
    <MantineProvider>
      <CheckinOut initial={initial} />
    </MantineProvider>,
  );
}

async function takeSelfie(container: HTMLElement) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(["x"], "me.jpg", { type: "image/jpeg" }));
  await screen.findByRole("img", { name: "รูปที่ถ่าย" });
  await waitFor(() => expect(screen.queryByText("กำลังตรวจรูป…")).toBeNull());
}

describe("CheckinOut", () => {
  test("asks for a fresh high-accuracy position and shows the distance with a map link", async () => {
    const geo = geolocationAnswers({ accuracy: 12 });
    show(today());
    expect(await screen.findByText("ห่างจากสำนักงานใหญ่ 35 ม. (±12 ม.)")).toBeVisible();
    expect(geo.getCurrentPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 });
    expect(screen.getByRole("link", { name: /ดูตำแหน่งบนแผนที่/ })).toHaveAttribute(
      "href",
      `https://www.google.com/maps?q=${NEAR.lat},${NEAR.lng}`,
    );
  });

  test("denied permission: Thai help on allowing location for LINE, no check-in, and a retry", async () => {
    const geo = geolocationAnswers({ code: 1 });
    show(today());
    expect(await screen.findByText(GEO_MESSAGES.denied)).toBeVisible();
    expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "หาตำแหน่งอีกครั้ง" }));
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(2);
  });

  test("timeout and unavailable positions get their own help", async () => {
    geolocationAnswers({ code: 3 });
    const { unmount } = show(today());
    expect(await screen.findByText(GEO_MESSAGES.timeout)).toBeVisible();
    unmount();
    geolocationAnswers({ code: 2 });
    show(today());
    expect(await screen.findByText(GEO_MESSAGES.unavailable)).toBeVisible();
  });

  test("an accuracy worse than the setting asks to try again outdoors and keeps the button off", async () => {
    geolocationAnswers({ accuracy: 250 });
    const { container } = show(today({ settings: { ...today().settings, require_selfie: true, max_accuracy_m: 100 } }));
    expect(await screen.findByText(GEO_MESSAGES.poorAccuracy(250, 100))).toBeVisible();
    await takeSelfie(container);
    expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
  });

  test("check-in posts multipart with the position, its time, the client time and the selfie; shows the server's answer", async () => {
    geolocationAnswers({ accuracy: 12 });
    const fetch = serverAnswers({ "POST /api/emp/checkin-out": { status: 201, body: { record: record() } } });
    const { container } = show(today());
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    const button = screen.getByRole("button", { name: "ลงเวลาเข้างาน" });
    expect(button).toBeDisabled();
    await takeSelfie(container);
    await userEvent.click(button);
    expect(await screen.findByText(`${CHECKIN_MESSAGES.doneIn} เวลา 08:31 น.`)).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/emp/checkin-out");
    expect(init.method).toBe("POST");
    const form = init.body as FormData;
    expect(form.get("type")).toBe("in");
    expect(form.get("lat")).toBe(String(NEAR.lat));
    expect(form.get("lng")).toBe(String(NEAR.lng));
    expect(form.get("accuracy")).toBe("12");
    expect(form.get("position_at")).toBe(new Date(POSITION_TIME).toISOString());
    expect(Number.isNaN(Date.parse(String(form.get("client_time"))))).toBe(false);
    expect(form.get("photo")).toBeInstanceOf(Blob);
    expect(screen.getByText("อยู่ในพื้นที่")).toBeVisible();
    expect(screen.getByText("ใบหน้า: ตรง")).toBeVisible();
    expect(screen.getByText("สาย 1 นาที")).toBeVisible();
    expect(await screen.findByRole("button", { name: "ลงเวลาออกงาน" })).toBeDisabled();
    // The check-out starts without the check-in's photo.
    expect(screen.queryByRole("img", { name: "รูปที่ถ่าย" })).toBeNull();
  });

  test("after a check-in: แชร์ให้ทีม shares who and when, not the place or the photo", async () => {
    geolocationAnswers({ accuracy: 12 });
    serverAnswers({ "POST /api/emp/checkin-out": { status: 201, body: { record: record() } } });
    const { container } = render(
      <MantineProvider>
        <LiffConfigContext.Provider value={{ liffId: null, demo: true }}>
          <CheckinOut initial={today()} employeeName="นางสาวสมหญิง รักงาน" />
        </LiffConfigContext.Provider>
      </MantineProvider>,
    );
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    expect(screen.queryByRole("button", { name: "แชร์ให้ทีม" })).toBeNull();
    await takeSelfie(container);
    await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
    const share = await screen.findByRole("button", { name: "แชร์ให้ทีม" });
    const before = demoShareLog.length;
    await userEvent.click(share);
    await waitFor(() => expect(demoShareLog.length).toBe(before + 1));
    const shared = JSON.stringify(demoShareLog.at(-1));
    expect(shared).toContain("นางสาวสมหญิง รักงาน");
    expect(shared).toContain("ลงเวลาเข้างานแล้ว");
    expect(shared).toContain("เวลา 08:31 น.");
    expect(shared).not.toContain("สำนักงานใหญ่");
    expect(shared).not.toMatch(/uploads|blob:|jpg/);
  });

  test("the pre-check finds several faces: the server's words, a warning that the check-in goes to review, no 'send anyway'", async () => {
    const manyFaces = "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง";
    precheck.result = { status: "problem", faces: 3, message: manyFaces };
    geolocationAnswers({ accuracy: 12 });
    const fetch = serverAnswers({ "POST /api/emp/checkin-out": { status: 201, body: { record: record({ checkin_match: null, flags: ["face_review"] }) } } });
    const { container } = show(today());
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    await takeSelfie(container);
    expect(screen.getByRole("alert")).toHaveTextContent(`${manyFaces} ${CHECKIN_MESSAGES.faceReview}`);
    expect(screen.queryByRole("button", { name: "ส่งรูปนี้อยู่ดี" })).toBeNull();
    // The server takes this check-in for an admin's review (it never refuses a selfie), so the button stays.
    const button = screen.getByRole("button", { name: "ลงเวลาเข้างาน" });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText("ใบหน้า: รอตรวจ")).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("the button is disabled while sending", async () => {
    geolocationAnswers({ accuracy: 12 });
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    show(today({ settings: { ...today().settings, require_selfie: false } }));
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
    expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
    release(new Response(JSON.stringify({ record: record() }), { status: 201, headers: { "content-type": "application/json" } }));
    expect(await screen.findByRole("button", { name: "ลงเวลาออกงาน" })).toBeEnabled();
  });

  test("a 409 is shown once, in Thai, and today's state is read again", async () => {
    geolocationAnswers({ accuracy: 12 });
    const conflict = "วันนี้ลงเวลาเข้างานแล้ว";
    const fetch = serverAnswers({
      "POST /api/emp/checkin-out": { status: 409, body: { error: conflict } },
      "GET /api/emp/checkin-out/today": { status: 200, body: today({ record: record(), next: "out" }) },
    });
    show(today({ settings: { ...today().settings, require_selfie: false } }));
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
    expect(await screen.findByText(conflict)).toBeVisible();
    expect(await screen.findByRole("button", { name: "ลงเวลาออกงาน" })).toBeInTheDocument();
    expect(screen.getAllByText(conflict)).toHaveLength(1);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test("done: today's in and out times, no position asked, no button", async () => {
    const geo = geolocationAnswers({ accuracy: 12 });
    serverAnswers({
      "GET /api/emp/checkin-out/today": {
        status: 200,
        body: today({ next: "done", record: record({ checkout_at: "2026-11-23T10:35:00.000Z", checkout_geofence: "uncertain", checkout_match: null, checkout_photo_url: "/uploads/b.jpg" }) }),
      },
    });
    show(null);
    expect(await screen.findByText(CHECKIN_MESSAGES.allDone)).toBeVisible();
    expect(screen.getByTestId("เข้างาน-time")).toHaveTextContent("08:31 น.");
    expect(screen.getByTestId("ออกงาน-time")).toHaveTextContent("17:35 น.");
    expect(screen.getByText("ไม่แน่ชัด (รอตรวจสอบ)")).toBeVisible();
    expect(screen.getByText("ใบหน้า: รอตรวจ")).toBeVisible();
    expect(screen.queryByRole("button", { name: /ลงเวลา/ })).toBeNull();
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });
});

describe("CheckinOut's hints before pressing", () => {
  // About 1,112 m north of the office.
  const FAR = { lat: OFFICE.lat + 0.01, lng: OFFICE.lng };
  const office150 = { offices: [{ ...OFFICE, radius_m: 150 }] };
  const blocked = () => screen.queryByTestId("checkin-blocked");

  test("no selfie yet: the reason is said next to the disabled button, and goes with the selfie", async () => {
    geolocationAnswers({ accuracy: 12 });
    const { container } = show(today());
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    const button = screen.getByRole("button", { name: "ลงเวลาเข้างาน" });
    expect(button).toBeDisabled();
    expect(blocked()).toHaveTextContent(BLOCKED_MESSAGES.selfie);
    expect(button).toHaveAccessibleDescription(BLOCKED_MESSAGES.selfie);
    await takeSelfie(container);
    expect(button).toBeEnabled();
    expect(blocked()).toBeNull();
  });

  test("while locating, and without a position, the button says why it waits", async () => {
    geolocationAnswers("never");
    const { unmount } = show(today({ settings: { ...today().settings, require_selfie: false } }));
    expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
    expect(blocked()).toHaveTextContent(BLOCKED_MESSAGES.locating);
    unmount();
    geolocationAnswers({ code: 2 });
    show(today());
    await screen.findByText(GEO_MESSAGES.unavailable);
    expect(blocked()).toHaveTextContent(BLOCKED_MESSAGES.noPosition);
    expect(blocked()).toHaveTextContent(BLOCKED_MESSAGES.selfie);
  });

  test("a position too coarse to use is a reason too", async () => {
    geolocationAnswers({ accuracy: 250 });
    show(today({ settings: { ...today().settings, require_selfie: false } }));
    await screen.findByText(GEO_MESSAGES.poorAccuracy(250, 100));
    expect(blocked()).toHaveTextContent(BLOCKED_MESSAGES.poorAccuracy);
    expect(screen.queryByTestId("presence-check")).toBeNull();
  });

  test("1,112 m from a 150 m office: outside, it will go to the admins' review (the button stays on)", async () => {
    geolocationAnswers({ accuracy: 10 }, FAR);
    show(today({ ...office150, settings: { ...today().settings, require_selfie: false } }));
    expect(await screen.findByText("ห่างจากสำนักงานใหญ่ 1,112 ม. (±10 ม.)")).toBeVisible();
    const hint = screen.getByTestId("presence-check");
    expect(hint).toHaveTextContent("อยู่นอกพื้นที่ — จะส่งให้ผู้ดูแลตรวจสอบ");
    expect(hint).toHaveTextContent("รัศมีลงเวลาของสำนักงานใหญ่ 150 ม.");
    expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeEnabled();
  });

  test("outside where the office refuses it: says the check-in will not be taken", async () => {
    geolocationAnswers({ accuracy: 10 }, FAR);
    show(today({ ...office150, settings: { ...today().settings, outside_radius: "reject" } }));
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    expect(screen.getByTestId("presence-check")).toHaveTextContent("อยู่นอกพื้นที่ — ลงเวลาไม่ได้");
  });

  test("an accuracy circle across the edge: uncertain, it will go to review", async () => {
    geolocationAnswers({ accuracy: 80 });
    show(today());
    await screen.findByText("ห่างจากสำนักงานใหญ่ 35 ม. (±80 ม.)");
    const hint = screen.getByTestId("presence-check");
    expect(hint).toHaveTextContent("ตำแหน่งไม่แน่ชัด — จะส่งให้ผู้ดูแลตรวจสอบ");
    expect(hint).toHaveTextContent("ความคลาดเคลื่อน ±80 ม. คร่อมขอบรัศมี 100 ม. ของสำนักงานใหญ่");
  });

  test("inside: a plain all-clear, no review", async () => {
    geolocationAnswers({ accuracy: 12 });
    show(today());
    await screen.findByText(/ห่างจากสำนักงานใหญ่/);
    const hint = screen.getByTestId("presence-check");
    expect(hint).toHaveTextContent("อยู่ในรัศมีลงเวลา");
    expect(hint).not.toHaveTextContent("ตรวจสอบ");
  });
});

describe("CheckinHistory", () => {
  test("asks for the last 30 days and lists them newest first with Thai BE dates, the ledger's statuses and reasons", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T05:00:00.000Z") });
    const fetch = serverAnswers({
      "GET /api/emp/checkin-out": {
        status: 200,
        body: {
          items: [
            record({ work_date: "2026-11-20", late_minutes: 12, checkout_at: null, status: "missing_checkout", reason: "ไม่ได้ลงเวลาออก, สาย 12 นาที" }),
            record({
              work_date: "2026-11-21",
              late_minutes: 0,
              checkout_at: "2026-11-21T10:35:00.000Z",
              flags: ["outside"],
              status: "present",
              reason: "ทำงานวันหยุดประจำสัปดาห์",
            }),
          ],
        },
      },
      "GET /api/emp/checkin-out/correction": { status: 200, body: { items: [] } },
    });
    render(
      <MantineProvider>
        <CheckinHistory />
      </MantineProvider>,
    );
    const rows = await screen.findAllByTestId("history-row");
    vi.useRealTimers();
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe("/api/emp/checkin-out?from=2026-10-25&to=2026-11-23");
    expect(rows[0]).toHaveTextContent("ส. 21 พ.ย. 2569");
    expect(rows[0]).toHaveTextContent("รอตรวจสอบ");
    expect(within(rows[0]).getByTestId("history-reason")).toHaveTextContent("ทำงานวันหยุดประจำสัปดาห์");
    expect(rows[1]).toHaveTextContent("ศ. 20 พ.ย. 2569");
    expect(rows[1]).toHaveTextContent("สาย 12 นาที");
    expect(rows[1]).toHaveTextContent("ไม่ได้ลงเวลาออก");
  });

  test("statuses are the ledger's, never worked out from the times or the date", () => {
    expect(recordStatuses(record({ late_minutes: 0, checkout_at: "2026-11-23T10:35:00.000Z", status: "present" }))).toEqual([{ label: "มาทำงาน", color: "green" }]);
    expect(
      recordStatuses(record({ late_minutes: 0, review_status: "rejected", flags: ["outside"], status: "absent", reason: "ขาดงาน (การลงเวลาเข้าไม่ผ่านการตรวจสอบ)" })).map(
        (s) => s.label,
      ),
    ).toEqual(["ไม่ผ่านการตรวจสอบ", "ขาดงาน"]);
    // Today's open day: present, still to check out (the reason says so).
    expect(recordStatuses(record({ late_minutes: 0, status: "present", reason: "ยังไม่ลงเวลาออก" })).map((s) => s.label)).toEqual(["มาทำงาน"]);
    // A past day without a check-out is what the ledger says: only a missing check-out once its hour has come.
    expect(recordStatuses(record({ work_date: "2026-11-20", late_minutes: 0, status: "missing_checkout" })).map((s) => s.label)).toEqual(["ไม่ได้ลงเวลาออก"]);
    // Half a day's leave with a 12:55 check-in: the ledger's minutes (0), not 265.
    expect(recordStatuses(record({ late_minutes: 0, checkout_at: "2026-11-20T10:30:00.000Z", status: "present", reason: "ลาครึ่งวันเช้า (ลากิจ)" })).map((s) => s.label)).toEqual([
      "มาทำงาน",
    ]);
    // Late as its minutes only; a day the ledger holds no row of shows no status of its own.
    expect(recordStatuses(record({ late_minutes: 15, status: "late" })).map((s) => s.label)).toEqual(["สาย 15 นาที"]);
    expect(recordStatuses(record({ late_minutes: 15, status: null }))).toEqual([]);
  });
});
