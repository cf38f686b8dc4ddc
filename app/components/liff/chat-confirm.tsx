// A short Thai note into the chat the LIFF app was opened from, after the employee did something
// there (checked in, filed a petition, reported a cabinet visit). Best effort: the action is done
// whatever happens here; only what the employee can do about a failure is shown.
import { Alert } from "~mantine-core/components/Alert/Alert";
import { Text } from "~mantine-core/components/Text/Text";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { initLiff, type LiffOptions } from "./liff-client";

/** Context types of a LIFF app opened from a chat (one-to-one, group, multi-person, OpenChat). */
export const CHAT_CONTEXTS: readonly string[] = ["utou", "group", "room", "square_chat"];

/** The spec's bilingual prompt when LINE refuses the send (403): this LINE version cannot do it. */
export const UPDATE_LINE_PROMPT = {
  th: "ส่งข้อความยืนยันเข้าแชทไม่ได้ กรุณาอัปเดตแอป LINE เป็นเวอร์ชันล่าสุด",
  en: "Could not send the confirmation to this chat. Please update LINE to the latest version.",
};

/** What confirmInChat needs of the LIFF SDK. */
export type ChatLiff = {
  getContext(): { type: string } | null;
  isApiAvailable(apiName: string): boolean;
  sendMessages(messages: { type: "text"; text: string }[]): Promise<void>;
};

export type ChatOutcome =
  | { kind: "sent" }
  | { kind: "skipped" }
  | { kind: "update-line" }
  | { kind: "error"; message: string };

const errorCode = (error: unknown) =>
  error && typeof error === "object" && "code" in error ? String((error as { code: unknown }).code) : "";

/** LIFF's answer when this LINE version or the app's scope does not allow sending (code 403). */
function isForbidden(error: unknown) {
  const code = errorCode(error);
  return code === "403" || code === "FORBIDDEN" || /not in LIFF app scope/i.test((error as Error)?.message ?? "");
}

/** Sends one text message when the app was opened from a chat and LINE allows it. Never throws. */
export async function confirmInChat(liff: ChatLiff, text: string): Promise<ChatOutcome> {
  try {
    const context = liff.getContext();
    if (!context || !CHAT_CONTEXTS.includes(context.type) || !liff.isApiAvailable("sendMessages")) return { kind: "skipped" };
    await liff.sendMessages([{ type: "text", text }]);
    return { kind: "sent" };
  } catch (error) {
    if (isForbidden(error)) return { kind: "update-line" };
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
}

/** The employee layout's LIFF settings; absent outside it (then nothing is sent). */
export const LiffConfigContext = createContext<LiffOptions | null>(null);

export function ChatConfirmNotice({ outcome, onClose }: { outcome: ChatOutcome | null; onClose: () => void }) {
  if (outcome?.kind === "update-line") {
    return (
      <Alert color="yellow" role="alert" title="กรุณาอัปเดต LINE / Please update LINE" withCloseButton onClose={onClose} data-testid="update-line">
        <Text fz="sm">{UPDATE_LINE_PROMPT.th}</Text>
        <Text fz="sm" lang="en">
          {UPDATE_LINE_PROMPT.en}
        </Text>
      </Alert>
    );
  }
  if (outcome?.kind === "error") {
    return (
      <Alert color="orange" role="alert" title="ส่งข้อความเข้าแชทไม่สำเร็จ" withCloseButton onClose={onClose}>
        LIFF Error: {outcome.message}
      </Alert>
    );
  }
  return null;
}

/**
 * `send(text)` after a successful action; `notice` shows what went wrong, if anything the
 * employee should know (the action itself stays done).
 */
export function useChatConfirm(): { send: (text: string) => Promise<ChatOutcome>; notice: ReactNode } {
  const config = useContext(LiffConfigContext);
  const [outcome, setOutcome] = useState<ChatOutcome | null>(null);
  const send = useCallback(
    async (text: string) => {
      if (!config) return { kind: "skipped" } as const;
      let result: ChatOutcome;
      try {
        result = await confirmInChat(await initLiff(config), text);
      } catch (error) {
        result = { kind: "error", message: error instanceof Error ? error.message : String(error) };
      }
      setOutcome(result);
      return result;
    },
    [config],
  );
  return { send, notice: <ChatConfirmNotice outcome={outcome} onClose={() => setOutcome(null)} /> };
}
