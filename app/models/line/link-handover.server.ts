import { env } from "~/lib/env.server";
import { liffPageUrl } from "~/lib/liff-url";
import { qrSvg } from "~/lib/qr.server";
import type { Actor } from "~/models/audit/audit.server";
import { issueVerifyCode } from "./link.server";

/**
 * Where an employee enters their linking code: the LIFF verify page, or in demo mode (no LIFF id)
 * this server's own page, at the address the admin reached it by (`origin`).
 */
export function verifyPageLink(origin: string): string {
  const liffId = env().LIFF_ID;
  return liffId ? liffPageUrl(liffId, "/employee/verify") : new URL("/employee/verify", origin).href;
}

export type LinkHandover = { code: string; expires_at: string; link: string; qr_svg: string };

/** Issues a linking code (issueVerifyCode) with what the admin hands over: the link and its QR code. */
export async function issueLinkHandover(employeeId: number, actor: Actor, origin: string): Promise<LinkHandover> {
  const issued = issueVerifyCode(employeeId, actor);
  const link = verifyPageLink(origin);
  return { ...issued, link, qr_svg: await qrSvg(link) };
}
