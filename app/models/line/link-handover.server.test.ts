import { resetEnvCache } from "~/lib/env.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { issueLinkHandover, verifyPageLink } from "./link-handover.server";

const saved = process.env.LIFF_ID;
afterEach(() => {
  if (saved === undefined) delete process.env.LIFF_ID;
  else process.env.LIFF_ID = saved;
  resetEnvCache();
});

test("the link is the LIFF verify page when a LIFF id is set", () => {
  process.env.LIFF_ID = "1234567890-AbCdEfGh";
  resetEnvCache();
  expect(verifyPageLink("http://office.local:3000")).toBe("https://liff.line.me/1234567890-AbCdEfGh/verify");
});

test("in demo mode (no LIFF id) it is this server's own verify page", () => {
  delete process.env.LIFF_ID;
  resetEnvCache();
  expect(verifyPageLink("http://office.local:3000")).toBe("http://office.local:3000/employee/verify");
});

test("issuing a code hands over the code, the link and a QR code of the link as SVG", async () => {
  delete process.env.LIFF_ID;
  resetEnvCache();
  const employee = createEmployee(EmployeeCreateSchema.parse({ code: "H001", title: 1, first_name: "ก", last_name: "ข" }), { type: "system" });
  const handover = await issueLinkHandover(employee.id, { type: "system" }, "http://127.0.0.1:3000");
  expect(handover.code).toMatch(/^\d{6}$/);
  expect(handover.link).toBe("http://127.0.0.1:3000/employee/verify");
  expect(handover.qr_svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
  expect(handover.qr_svg).not.toMatch(/<script|<text|<foreignObject/i);
});
