import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { DEMO_TOKEN_PREFIX, DEMO_USER_ID, DEMO_USERS } from "./demo-users";
import type { LineIdentity } from "./employee-session.server";
import { DomainError } from "./errors";
import { isLineConfigured, LineApiError, lineErrorToDomain, verifyIdToken, type IdTokenClaims } from "./line.server";

type VerifyOptions = { claims: Pick<IdTokenClaims, "sub" | "name" | "picture">; demo: boolean };

async function readIdToken(request: Request) {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    throw new DomainError(400, "ต้องส่ง idToken เป็น JSON");
  }
  const idToken = body && typeof body === "object" && "idToken" in body ? body.idToken : undefined;
  if (typeof idToken !== "string" || idToken.length === 0 || idToken.length > 4096) {
    // A bare lineUserId is never trusted: only a token LINE signed says who this is.
    throw new DomainError(400, "ต้องส่ง idToken จาก LIFF", { idToken: "ต้องส่ง idToken จาก LIFF" });
  }
  return idToken;
}

/**
 * remix-auth strategy for LIFF: the browser sends liff.getIDToken(), the server has LINE verify
 * it and uses `sub`. In demo mode (no LINE channel configured at all) a `demo:<Udemo…>` token
 * names one of the demo users instead; once any LINE setting exists that path is closed.
 */
export class LiffStrategy extends Strategy<LineIdentity, VerifyOptions> {
  name = "liff";

  async authenticate(request: Request): Promise<LineIdentity> {
    const idToken = await readIdToken(request);
    if (!isLineConfigured()) {
      const userId = idToken.startsWith(DEMO_TOKEN_PREFIX) ? idToken.slice(DEMO_TOKEN_PREFIX.length) : "";
      if (!DEMO_USER_ID.test(userId)) throw new DomainError(401, "โทเค็นทดลองไม่ถูกต้อง");
      const known = DEMO_USERS.find((u) => u.userId === userId);
      return this.verify({ claims: { sub: userId, name: known?.displayName ?? "ผู้ใช้ทดลอง" }, demo: true });
    }
    try {
      const claims = await verifyIdToken(idToken);
      return this.verify({ claims, demo: false });
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      throw lineErrorToDomain(error, {
        unauthorized: "ยืนยันตัวตนกับ LINE ไม่สำเร็จ กรุณาเปิดแอปจาก LINE ใหม่อีกครั้ง",
        failed: "ติดต่อ LINE ไม่ได้ กรุณาลองใหม่",
      });
    }
  }
}

export const employeeAuthenticator = new Authenticator<LineIdentity>();

employeeAuthenticator.use(
  new LiffStrategy(async ({ claims, demo }) => ({
    lineUserId: claims.sub,
    name: claims.name ?? "",
    picture: claims.picture ?? null,
    demo,
  })),
  "liff",
);
