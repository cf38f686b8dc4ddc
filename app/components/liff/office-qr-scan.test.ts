import { officeOfQr, scanOfficeQr, scanWithLiff, type ScanLiff } from "./office-qr-scan";

const office = (name: string) => Buffer.from(name).toString("base64url");

test("the office a scanned link or bare code names", () => {
  const code = `59000000.${office("สำนักงานใหญ่")}.abcdefghijklmnopqrstuv`;
  expect(officeOfQr(`https://liff.line.me/123-abc/checkin-out?qr=${encodeURIComponent(code)}`)).toBe("สำนักงานใหญ่");
  expect(officeOfQr(`http://localhost:3000/employee/checkin-out?qr=${encodeURIComponent(code)}`)).toBe("สำนักงานใหญ่");
  expect(officeOfQr(code)).toBe("สำนักงานใหญ่");
  for (const junk of ["", "hello", "https://example.com/", "1.2", "1.%%%.3", `1.${Buffer.from([0xff, 0xfe]).toString("base64url")}.x`]) {
    expect(officeOfQr(junk), junk).toBeNull();
  }
});

function liff(over: Partial<ScanLiff> = {}): ScanLiff {
  return { isApiAvailable: () => true, scanCodeV2: async () => ({ value: "scanned-value" }), ...over };
}

test("LINE's scanner: its value, a cancel, a LINE without it, a failure", async () => {
  expect(await scanWithLiff(liff())).toEqual({ kind: "scanned", value: "scanned-value" });
  expect(await scanWithLiff(liff({ scanCodeV2: async () => ({ value: null }) }))).toEqual({ kind: "cancelled" });
  expect(await scanWithLiff(liff({ isApiAvailable: (api) => api !== "scanCodeV2" }))).toEqual({ kind: "unavailable" });
  const failed = await scanWithLiff(
    liff({
      scanCodeV2: async () => {
        throw new Error("camera busy");
      },
    }),
  );
  expect(failed).toEqual({ kind: "error", message: "camera busy" });
});

test("demo mode and pages outside the employee layout have no scanner", async () => {
  expect(await scanOfficeQr(null)).toEqual({ kind: "unavailable" });
  expect(await scanOfficeQr({ liffId: null, demo: true })).toEqual({ kind: "unavailable" });
});
