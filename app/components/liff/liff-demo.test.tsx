// The real LIFF SDK with the demo mock (no vi.mock of @line/liff here): demo mode plays an app
// opened from the user's chat with the bot, and the confirmation lands in demoChatLog.
import { confirmInChat } from "./chat-confirm";
import { demoChatLog, initLiff } from "./liff-client";

test("demo mode: a chat context that allows sendMessages, and the sent confirmation is recorded", async () => {
  const liff = await initLiff({ liffId: null, demo: true });
  expect(liff.getContext()?.type).toBe("utou");
  expect(liff.isApiAvailable("sendMessages")).toBe(true);
  const before = demoChatLog.length;
  expect(await confirmInChat(liff, "✅ ลงเวลาเข้างาน 08:27 น.")).toEqual({ kind: "sent" });
  expect(demoChatLog.slice(before)).toEqual([[{ type: "text", text: "✅ ลงเวลาเข้างาน 08:27 น." }]]);
});
