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
export async function signInWithLiff(options: { liffId: string | null; demo: boolean }): Promise<AuthenResult | null> {
  const { default: liff } = await import("@line/liff");
  if (options.demo) {
    // A CommonJS package: depending on the bundler's interop the class sits on the namespace or on default.
    const mod = (await import("@line/liff-mock")) as unknown as Record<string, unknown> & { default?: Record<string, unknown> };
    const Plugin = (mod.LiffMockPlugin ?? mod.default?.LiffMockPlugin ?? mod.default) as new () => Parameters<typeof liff.use>[0];
    liff.use(new Plugin());
  }
  await liff.init({ liffId: options.liffId ?? "demo-liff-id", ...(options.demo ? { mock: true } : {}) } as Parameters<typeof liff.init>[0]);
  if (options.demo) {
    const userId = chosenDemoUser();
    const user = DEMO_USERS.find((u) => u.userId === userId)!;
    const mock = (liff as unknown as { $mock: { set: (fn: (p: Record<string, unknown>) => Record<string, unknown>) => void } }).$mock;
    mock.set((p) => ({
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
