import { MantineProvider } from "@mantine/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, vi } from "vitest";
import { CHECKIN_MESSAGES } from "./checkin-messages";
import type { AttendanceRecord, TodayState } from "./checkin-types";
import { checkinChatText, CheckinOut } from "./CheckinOut";
import { confirmInChat, LiffConfigContext, UPDATE_LINE_PROMPT, type ChatLiff } from "./chat-confirm";
import { petitionChatText } from "./leave/LeavePage";
import type { Petition } from "./leave/leave-types";
import { visitChatText } from "./machines/MachineList";
import type { VisitDto } from "./machines/machine-types";

const fakeLiff = vi.hoisted(() => ({
  context: { type: "utou" } as { type: string } | null,
  available: true,
  failure: null as unknown,
  sent: [] as unknown[][],
}));

vi.mock("./liff-client", () => ({
  initLiff: vi.fn(async () => ({
    getContext: () => fakeLiff.context,
    isApiAvailable: (name: string) => name === "sendMessages" && fakeLiff.available,
    sendMessages: vi.fn(async (messages: unknown[]) => {
      if (fakeLiff.failure) throw fakeLiff.failure;
      fakeLiff.sent.push(messages);
    }),
  })),
}));

class LiffError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function liffWith(over: Partial<ChatLiff> = {}): ChatLiff & { sendMessages: ReturnType<typeof vi.fn> } {
  return {
    getContext: () => ({ type: "group" }),
    isApiAvailable: () => true,
    sendMessages: vi.fn(async () => undefined),
    ...over,
  } as ChatLiff & { sendMessages: ReturnType<typeof vi.fn> };
}

describe("confirmInChat", () => {
  test.each(["utou", "group", "room", "square_chat"])("opened from a %s chat: one text message", async (type) => {
    const liff = liffWith({ getContext: () => ({ type }) });
    expect(await confirmInChat(liff, "✅ ลงเวลาเข้างาน 08:27 น.")).toEqual({ kind: "sent" });
    expect(liff.sendMessages).toHaveBeenCalledExactlyOnceWith([{ type: "text", text: "✅ ลงเวลาเข้างาน 08:27 น." }]);
  });

  test("not from a chat (external browser, no context) or without the API: nothing is sent", async () => {
    for (const liff of [
      liffWith({ getContext: () => ({ type: "external" }) }),
      liffWith({ getContext: () => ({ type: "none" }) }),
      liffWith({ getContext: () => null }),
      liffWith({ isApiAvailable: () => false }),
    ]) {
      expect(await confirmInChat(liff, "x")).toEqual({ kind: "skipped" });
      expect(liff.sendMessages).not.toHaveBeenCalled();
    }
  });

  test("403 (this LINE version or scope does not allow it) asks to update LINE; other errors are LIFF errors", async () => {
    const refuse = (error: unknown) => liffWith({ sendMessages: vi.fn(async () => Promise.reject(error)) });
    expect(await confirmInChat(refuse(new LiffError("403", "The permission is not in LIFF app scope.")), "x")).toEqual({ kind: "update-line" });
    expect(await confirmInChat(refuse(new LiffError("FORBIDDEN", "forbidden")), "x")).toEqual({ kind: "update-line" });
    expect(await confirmInChat(refuse(new LiffError("500", "network down")), "x")).toEqual({ kind: "error", message: "network down" });
  });
});

describe("the confirmation texts", () => {
  test("check-in and check-out: time and office", () => {
    const r = { checkin_at: "2026-11-23T01:27:00.000Z", checkin_office: "สำนักงานใหญ่", checkout_at: "2026-11-23T10:35:00.000Z", checkout_office: null } as AttendanceRecord;
    expect(checkinChatText("in", r)).toBe("✅ ลงเวลาเข้างาน 08:27 น. (สำนักงานใหญ่)");
    expect(checkinChatText("out", r)).toBe("✅ ลงเวลาออกงาน 17:35 น.");
  });

  test("a petition and a visit report", () => {
    const p = { type: 1, start_date: "2026-02-02", end_date: "2026-02-02", days: 1 } as unknown as Petition;
    expect(petitionChatText(p)).toMatch(/^📝 ส่งคำขอลาแล้ว: .+ 2 ก\.พ\. 2569 \(1 วัน\) รออนุมัติ$/);
    const v = { machine: { code: "M001" }, status_label: "ปกติ", visited_at: "2026-11-23T03:20:00.000Z" } as unknown as VisitDto;
    expect(visitChatText(v)).toBe("🏪 ส่งรายงานตู้ M001 (ปกติ) เวลา 10:20 น.");
  });
});

// The check-in page: the confirmation follows a recorded check-in and never undoes it.
const OFFICE = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const TODAY: TodayState = {
  record: null,
  next: "in",
  offices: [OFFICE],
  settings: { require_selfie: false, max_accuracy_m: 100, outside_radius: "review", work_start: "08:30", work_end: "17:30" },
};
const RECORD = { work_date: "2026-11-23", checkin_at: "2026-11-23T01:31:00.000Z", checkin_office: OFFICE.name, checkin_geofence: "inside", checkin_match: null, checkin_photo_url: null, checkout_at: null, late_minutes: 1, early_minutes: 0 } as unknown as AttendanceRecord;

async function checkIn() {
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 13.7566148, longitude: 100.5018, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition),
    },
  });
  const fetch = vi.fn(async () => new Response(JSON.stringify({ record: RECORD }), { status: 201, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  render(
    <MantineProvider>
      <LiffConfigContext.Provider value={{ liffId: "1234-abcd", demo: false }}>
        <CheckinOut initial={TODAY} />
      </LiffConfigContext.Provider>
    </MantineProvider>,
  );
  await screen.findByText(/ห่างจากสำนักงานใหญ่/);
  await userEvent.click(screen.getByRole("button", { name: "ลงเวลาเข้างาน" }));
  expect(await screen.findByText(`${CHECKIN_MESSAGES.doneIn} เวลา 08:31 น.`)).toBeVisible();
  return fetch;
}

describe("CheckinOut's chat confirmation", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    fakeLiff.context = { type: "utou" };
    fakeLiff.available = true;
    fakeLiff.failure = null;
    fakeLiff.sent = [];
  });

  test("after a recorded check-in, sends the time and office into the chat", async () => {
    await checkIn();
    await waitFor(() => expect(fakeLiff.sent).toEqual([[{ type: "text", text: "✅ ลงเวลาเข้างาน 08:31 น. (สำนักงานใหญ่)" }]]));
    expect(screen.queryByTestId("update-line")).toBeNull();
  });

  test.each([
    ["not opened from a chat", () => (fakeLiff.context = { type: "external" })],
    ["the API is unavailable", () => (fakeLiff.available = false)],
  ])("%s: nothing is sent, nothing is shown", async (_, setup) => {
    setup();
    await checkIn();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(fakeLiff.sent).toEqual([]);
    expect(screen.queryAllByRole("alert")).toEqual([]);
  });

  test("a 403 shows the bilingual prompt to update LINE; the check-in stays done", async () => {
    fakeLiff.failure = new LiffError("403", "The permission is not in LIFF app scope.");
    const fetch = await checkIn();
    const prompt = await screen.findByTestId("update-line");
    expect(prompt).toHaveTextContent(UPDATE_LINE_PROMPT.th);
    expect(prompt).toHaveTextContent(UPDATE_LINE_PROMPT.en);
    expect(screen.getByText(`${CHECKIN_MESSAGES.doneIn} เวลา 08:31 น.`)).toBeVisible();
    expect(screen.getByRole("button", { name: "ลงเวลาออกงาน" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("another LIFF failure is shown as a LIFF error; the check-in stays done", async () => {
    fakeLiff.failure = new LiffError("500", "Network error");
    await checkIn();
    expect(await screen.findByText("LIFF Error: Network error")).toBeVisible();
    expect(screen.getByText(`${CHECKIN_MESSAGES.doneIn} เวลา 08:31 น.`)).toBeVisible();
  });
});
