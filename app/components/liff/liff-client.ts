// Browser-only: LIFF (and in demo mode the LIFF mock) are loaded on demand, never in the admin bundle.
import { DEMO_TOKEN_PREFIX, DEMO_USERS } from "~/lib/demo-users";
import { empFetch } from "./emp-api";

export const DEMO_USER_STORAGE_KEY = "tn-demo-user";

export function chosenDemoUser(): string {
  const stored = typeof window !== "undefined" ? window.localStorage.getItem(DEMO_USER_STORAGE_KEY) : null;
  return DEMO_USERS.some((u) => u.userId === stored) ? (stored as string) : DEMO_USERS[0].userId;
}

export type AuthenResult = { isVerify: boolean };

/**
 * The spec's employee sign-in: init LIFF, log in when needed, then send the ID token (never a
 * user id) to /api/emp/authen. Returns null when LIFF navigates away to LINE's login.
 */
export type LiffOptions = { liffId: string | null; demo: boolean };
type Liff = (typeof import("@line/liff"))["default"];

let ready: Promise<Liff> | null = null;

/**
 * Messages the demo mock "sent" into the chat with `liff.sendMessages`, one entry per call (the
 * mock itself drops them). Tests and the demo read them here.
 */
export const demoChatLog: unknown[][] = [];

/** What the demo "shared" with the share target picker, one entry per share. */
export const demoShareLog: unknown[][] = [];

/**
 * The LIFF SDK, initialised once per page load (with the mock in demo mode). Pages that run after
 * a sign-in from an earlier load (the session cookie) initialise it here when they first need it.
 */
export function initLiff(options: LiffOptions): Promise<Liff> {
  if (!ready) {
    const started = startLiff(options);
    ready = started;
    // A failed start is tried again next time; the caller still gets this failure.
    started.catch(() => {
      if (ready === started) ready = null;
    });
  }
  return ready;
}

/** Whether this page load has started the SDK already (a sign-in, a chat confirmation). */
export const liffStarted = () => ready !== null;

async function startLiff(options: LiffOptions): Promise<Liff> {
  const { default: liff } = await import("@line/liff");
  if (options.demo) {
    // A CommonJS package: depending on the bundler's interop the class sits on the namespace or on default.
    const mod = (await import("@line/liff-mock")) as unknown as Record<string, unknown> & { default?: Record<string, unknown> };
    const Plugin = (mod.LiffMockPlugin ?? mod.default?.LiffMockPlugin ?? mod.default) as new () => Parameters<typeof liff.use>[0];
    liff.use(new Plugin());
  }
  await liff.init({ liffId: options.liffId ?? "demo-liff-id", ...(options.demo ? { mock: true } : {}) } as Parameters<typeof liff.init>[0]);
  if (options.demo) {
    // The demo plays a LIFF app opened from the user's chat with the bot, allowed to send into it.
    demoMock(liff).set((p) => ({ ...p, getContext: { ...(p.getContext as object), type: "utou" }, isApiAvailable: true }));
    liff.sendMessages = async (messages) => {
      demoChatLog.push([...messages]);
    };
    liff.shareTargetPicker = async (messages) => {
      demoShareLog.push([...messages]);
      return { status: "success" as const };
    };
  }
  return liff;
}

const demoMock = (liff: Liff) =>
  (liff as unknown as { $mock: { set: (fn: (p: Record<string, unknown>) => Record<string, unknown>) => void } }).$mock;

/**
 * The spec's employee sign-in: init LIFF, log in when needed, then send the ID token (never a
 * user id) to /api/emp/authen. Returns null when LIFF navigates away to LINE's login.
 */
export async function signInWithLiff(options: LiffOptions): Promise<AuthenResult | null> {
  const liff = await initLiff(options);
  if (options.demo) {
    const userId = chosenDemoUser();
    const user = DEMO_USERS.find((u) => u.userId === userId)!;
    demoMock(liff).set((p) => ({
      ...p,
      getProfile: { userId: user.userId, displayName: user.displayName },
      getIDToken: `${DEMO_TOKEN_PREFIX}${user.userId}`,
    }));
  }
  if (!liff.isLoggedIn()) {
    liff.login({ redirectUri: window.location.href });
    if (!options.demo) return null;
  }
  const idToken = liff.getIDToken();
  if (!idToken) throw new Error("ไม่ได้รับ ID token จาก LINE");
  const result = await empFetch<AuthenResult>("/api/emp/authen", { method: "POST", json: { idToken } });
  if (!result.ok) throw new AuthenError(result.error);
  return result.data;
}

/** The server refused the token or was not reached: shown on the page, unlike LIFF's own failures (an alert, per the spec). */
export class AuthenError extends Error {}
