import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, vi } from "vitest";
import { CHECKIN_MESSAGES } from "./checkin-messages";
import type { AttendanceRecord, TodayState } from "./checkin-types";
import { LiffConfigContext } from "./chat-confirm";
import { CheckinOut } from "./CheckinOut";
import { SCAN_MESSAGES } from "./office-qr-scan";

// The office QR on the check-in page (ADR 050): from the link the LINE camera opened, or LINE's scanner.
const scanner = vi.hoisted(() => ({ value: "" }));
vi.mock("./liff-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./liff-client")>()),
  initLiff: vi.fn(async () => ({ isApiAvailable: () => true, scanCodeV2: async () => ({ value: scanner.value }) })),
}));

const OFFICE = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const CODE = `59000000.${Buffer.from(OFFICE.name).toString("base64url")}.abcdefghijklmnopqrstuv`;
const LINK = `http://localhost/employee/checkin-out?qr=${encodeURIComponent(CODE)}`;

const today = (): TodayState => ({
  record: null,
  next: "in",
  offices: [OFFICE],
  settings: { require_selfie: false, max_accuracy_m: 100, outside_radius: "review", work_start: "08:30", work_end: "17:30" },
});

const record = { work_date: "2026-11-23", checkin_at: "2026-11-23T01:31:00.000Z", checkin_office: OFFICE.name, checkin_geofence: "inside", checkin_proof: "qr", flags: [] } as unknown as AttendanceRecord;

function geolocation(answer: { accuracy: number } | "never") {
  const geo = {
    getCurrentPosition: vi.fn((ok: PositionCallback) => {
      if (answer === "never") return;
      ok({ coords: { latitude: OFFICE.lat, longitude: OFFICE.lng, accuracy: answer.accuracy }, timestamp: Date.now() } as GeolocationPosition);
    }),
  };
  Object.defineProperty(navigator, "geolocation", { value: geo, configurable: true });
}

function server(answer: { status: number; body: unknown }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const sentForm = (fetch: ReturnType<typeof server>) => (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;

function show(props: { qr?: string | null; onQrUsed?: () => void } = {}, liff: { liffId: string | null; demo: boolean } | null = null) {
  return render(
    <MantineProvider>
      <LiffConfigContext.Provider value={liff}>
        <CheckinOut initial={today()} {...props} />
      </LiffConfigContext.Provider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

test("with the QR from the link the employee checks in without waiting for a GPS fix; `qr` is sent, no position", async () => {
  geolocation("never");
  const fetch = server({ status: 201, body: { record } });
  const onQrUsed = vi.fn();
  show({ qr: LINK, onQrUsed });
  expect(screen.getByTestId("qr-ready")).toHaveTextContent(`QR ของ${OFFICE.name}`);
  expect(screen.queryByText("กำลังหาตำแหน่ง…")).toBeNull();
  const button = screen.getByRole("button", { name: "ลงเวลาเข้างาน" });
  expect(button).toBeEnabled();
  await userEvent.click(button);
  expect(await screen.findByText(`${CHECKIN_MESSAGES.doneIn} เวลา 08:31 น.`)).toBeVisible();
  const form = sentForm(fetch);
  expect(form.get("qr")).toBe(LINK);
  expect(form.get("lat")).toBeNull();
  expect(form.get("accuracy")).toBeNull();
  expect(onQrUsed).toHaveBeenCalledTimes(1);
  expect(screen.getByText("QR")).toBeVisible();
});

test("a poor GPS fix does not stop a QR check-in, and goes along as evidence", async () => {
  geolocation({ accuracy: 300 });
  const fetch = server({ status: 201, body: { record } });
  show({ qr: LINK });
  await waitFor(() => expect(screen.getByTestId("qr-ready")).toHaveTextContent("±300 ม."));
  await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
  await screen.findByText(/ลงเวลาเข้างานแล้ว/);
  const form = sentForm(fetch);
  expect([form.get("qr"), form.get("lat"), form.get("lng"), form.get("accuracy")]).toEqual([LINK, String(OFFICE.lat), String(OFFICE.lng), "300"]);
});

test("a refused code (expired) is said, and the page goes back to the position", async () => {
  geolocation("never");
  const expired = "รหัส QR หมดอายุแล้ว กรุณาสแกน QR ที่หน้าจอของสำนักงานอีกครั้ง";
  server({ status: 400, body: { error: expired, fields: { qr: expired } } });
  show({ qr: LINK });
  await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(expired);
  expect(screen.queryByTestId("qr-ready")).toBeNull();
  expect(screen.getByText("กำลังหาตำแหน่ง…")).toBeVisible();
  expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
});

test("สแกน QR ที่สำนักงาน: LINE's scanner where it has one; in demo mode, how to scan with the LINE camera", async () => {
  geolocation("never");
  const { unmount } = show({}, { liffId: null, demo: true });
  await userEvent.click(screen.getByRole("button", { name: "สแกน QR ที่สำนักงาน" }));
  expect(await screen.findByTestId("scan-note")).toHaveTextContent(SCAN_MESSAGES.unavailable);
  unmount();

  scanner.value = LINK;
  show({}, { liffId: "123-abc", demo: false });
  expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeDisabled();
  await userEvent.click(screen.getByRole("button", { name: "สแกน QR ที่สำนักงาน" }));
  expect(await screen.findByTestId("qr-ready")).toHaveTextContent(`QR ของ${OFFICE.name}`);
  expect(screen.getByRole("button", { name: "ลงเวลาเข้างาน" })).toBeEnabled();
});
