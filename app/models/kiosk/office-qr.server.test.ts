import { resetEnvCache } from "~/lib/env.server";
import { OFFICE_QR_STEP_MS } from "./labels";
import { codeOf, officeQrValue, QR_STEP_SECONDS, verifyOfficeQr } from "./office-qr.server";

const NOW = new Date("2026-11-23T01:30:10.000Z");

afterEach(() => {
  delete process.env.LIFF_ID;
  resetEnvCache();
});

test("in demo mode the QR opens this server's check-in page, with the code in `qr`", () => {
  const { value, expires_at } = officeQrValue("สำนักงานใหญ่", "http://kiosk.test:3000/", NOW);
  const url = new URL(value);
  expect(`${url.origin}${url.pathname}`).toBe("http://kiosk.test:3000/employee/checkin-out");
  expect(verifyOfficeQr(value, NOW).office).toBe("สำนักงานใหญ่");
  expect(codeOf(value)).toBe(url.searchParams.get("qr"));
  expect(expires_at).toBe("2026-11-23T01:30:30.000Z");
});

test("with LIFF the QR is the LIFF URL of the check-in page (the endpoint is /employee)", () => {
  process.env.LIFF_ID = "1234567890-AbCdEfGh";
  resetEnvCache();
  const { value } = officeQrValue("สำนักงานใหญ่", "https://tn.example", NOW);
  expect(value.startsWith("https://liff.line.me/1234567890-AbCdEfGh/checkin-out?qr=")).toBe(true);
  expect(verifyOfficeQr(value, NOW).office).toBe("สำนักงานใหญ่");
});

test("the kiosk screen's step is the server's", () => {
  expect(OFFICE_QR_STEP_MS).toBe(QR_STEP_SECONDS * 1000);
});
