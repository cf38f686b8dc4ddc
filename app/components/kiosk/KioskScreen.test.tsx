import { MantineProvider } from "@mantine/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { KIOSK_LABELS } from "~/models/kiosk/labels";
import { KioskScreen } from "./KioskScreen";

type Answer = { status: number; body: unknown; date?: string } | "network";

/** fetch answering /api/kiosk/qr from a queue (the last answer repeats). */
function serve(answers: Answer[]) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === "network") throw new TypeError("Failed to fetch");
    const headers = new Headers({ "content-type": "application/json" });
    if (answer.date) headers.set("date", answer.date);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const qr = (value: string, expiresInMs: number) => ({ status: 200, body: { value, expires_at: new Date(Date.now() + expiresInMs).toISOString() } });

function show(onUnpaired = vi.fn()) {
  render(
    <MantineProvider>
      <KioskScreen office="สำนักงานใหญ่" onUnpaired={onUnpaired} />
    </MantineProvider>,
  );
  return onUnpaired;
}

const shownValue = () => screen.queryByTestId("kiosk-qr")?.getAttribute("data-value");

afterEach(() => vi.unstubAllGlobals());

test("the office, the QR of the server's answer as an image, and the next one once its step turns", async () => {
  const calls = serve([qr("http://x/employee/checkin-out?qr=first", 1_200), qr("http://x/employee/checkin-out?qr=second", 30_000)]);
  show();
  expect(screen.getByRole("heading", { name: "สำนักงานใหญ่" })).toBeInTheDocument();
  await waitFor(() => expect(shownValue()).toBe("http://x/employee/checkin-out?qr=first"));
  expect(await screen.findByRole("img", { name: "QR สำหรับลงเวลาที่สำนักงานใหญ่" })).toHaveAttribute("src", expect.stringMatching(/^data:image\/svg\+xml/));
  await waitFor(() => expect(shownValue()).toBe("http://x/employee/checkin-out?qr=second"), { timeout: 4_000 });
  expect(calls).toEqual(["/api/kiosk/qr", "/api/kiosk/qr"]);
});

test("the clock is the server's (its Date header), not the device's", async () => {
  serve([{ ...qr("v", 30_000), date: new Date(Date.now() + 3 * 3_600_000).toUTCString() }]);
  show();
  const deviceHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", hourCycle: "h23" }).format(Date.now());
  const serverHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", hourCycle: "h23" }).format(Date.now() + 3 * 3_600_000);
  expect(serverHour).not.toBe(deviceHour);
  await waitFor(() => expect(screen.getByTestId("kiosk-clock").textContent?.slice(0, 2)).toBe(serverHour));
});

test("a failed fetch shows ออฟไลน์ and keeps the last QR; the kiosk recovers when the network is back", async () => {
  serve([qr("still-valid", 1_000), "network", qr("fresh", 30_000)]);
  show();
  await waitFor(() => expect(shownValue()).toBe("still-valid"));
  await waitFor(() => expect(screen.getByTestId("kiosk-status")).toHaveTextContent(KIOSK_LABELS.offline), { timeout: 4_000 });
  expect(shownValue()).toBe("still-valid");
  await act(async () => {
    window.dispatchEvent(new Event("online"));
  });
  await waitFor(() => expect(shownValue()).toBe("fresh"));
  expect(screen.getByTestId("kiosk-status")).toHaveTextContent("");
});

test("a kiosk revoked meanwhile hands the server's message back to the page", async () => {
  serve([{ status: 403, body: { error: "เครื่องนี้ถูกยกเลิกการจับคู่แล้ว" } }]);
  const onUnpaired = show();
  await waitFor(() => expect(onUnpaired).toHaveBeenCalledWith("เครื่องนี้ถูกยกเลิกการจับคู่แล้ว"));
});

test("an office gone from the settings is said on screen, not taken for a network failure", async () => {
  serve([{ status: 409, body: { error: 'สำนักงาน "สำนักงานใหญ่" ไม่มีในการตั้งค่าแล้ว' } }]);
  show();
  expect(await screen.findByRole("alert")).toHaveTextContent("ไม่มีในการตั้งค่าแล้ว");
  expect(screen.getByTestId("kiosk-status")).toHaveTextContent("");
});
