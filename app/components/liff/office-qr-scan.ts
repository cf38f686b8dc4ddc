// "สแกน QR ที่สำนักงาน" on the check-in page (ADR 050): LINE's own scanner (liff.scanCodeV2) where
// this LINE offers it; otherwise the employee scans the kiosk with the LINE camera, which opens
// this page with the code in `?qr=`. The server decides what the code is worth.
import { initLiff, type LiffOptions } from "./liff-client";

/** What scanning needs of the LIFF SDK. */
export type ScanLiff = {
  isApiAvailable(apiName: string): boolean;
  scanCodeV2(): Promise<{ value: string | null }>;
};

export type ScanOutcome = { kind: "scanned"; value: string } | { kind: "cancelled" } | { kind: "unavailable" } | { kind: "error"; message: string };

export const SCAN_MESSAGES = {
  unavailable: "เปิดกล้องของ LINE (หรือกล้องของโทรศัพท์) แล้วสแกน QR ที่หน้าจอของสำนักงาน ลิงก์จะเปิดหน้านี้พร้อม QR",
  failed: "สแกน QR ไม่สำเร็จ กรุณาลองใหม่ หรือสแกนด้วยกล้องของ LINE",
} as const;

/** Scans with LINE's scanner when this LINE has it. Never throws. */
export async function scanWithLiff(liff: ScanLiff): Promise<ScanOutcome> {
  try {
    if (!liff.isApiAvailable("scanCodeV2")) return { kind: "unavailable" };
    const { value } = await liff.scanCodeV2();
    return value ? { kind: "scanned", value } : { kind: "cancelled" };
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
}

/** The employee layout's LIFF, or unavailable (demo mode: the mock has no scanner). Never throws. */
export async function scanOfficeQr(options: LiffOptions | null): Promise<ScanOutcome> {
  if (!options || options.demo) return { kind: "unavailable" };
  try {
    return await scanWithLiff(await initLiff(options));
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
}

function base64urlText(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The office a scanned value names (the code is `<step>.<office, base64url>.<mac>`, inside the
 * link's `qr` or as it is), to say which office the page will send; null when it names none. Only
 * the server can tell whether it is genuine.
 */
export function officeOfQr(value: string): string | null {
  let code = value.trim();
  if (/^https?:\/\//i.test(code)) {
    try {
      code = new URL(code).searchParams.get("qr") ?? "";
    } catch {
      return null;
    }
  }
  const parts = code.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  const office = base64urlText(parts[1]);
  return office ? office : null;
}
