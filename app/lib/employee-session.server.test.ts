import { resetEnvCache } from "./env.server";
import { commitLineIdentity, employeeCookie, readLineIdentity, resetEmployeeCookieCache } from "./employee-session.server";

const identity = { lineUserId: "U-session-test", name: "สมชาย", picture: null, demo: true };
const requestWith = (header: string) => new Request("http://localhost/api/emp/x", { headers: { Cookie: header } });
const cookiePair = async () => (await commitLineIdentity(identity)).split(";")[0];

afterEach(() => {
  vi.useRealTimers();
  delete process.env.SESSION_SECRET;
  resetEnvCache();
  resetEmployeeCookieCache();
});

describe("readLineIdentity", () => {
  test("a header already verified is not verified again; another header is", async () => {
    const header = await cookiePair();
    const parse = vi.spyOn(employeeCookie(), "parse");
    expect(await readLineIdentity(requestWith(header))).toEqual(identity);
    expect(await readLineIdentity(requestWith(header))).toEqual(identity);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(await readLineIdentity(requestWith(`${header}; other=1`))).toEqual(identity);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });

  test("a tampered header never verifies, even next to a kept one", async () => {
    const header = await cookiePair();
    expect(await readLineIdentity(requestWith(header))).toEqual(identity);
    const [name, value] = header.split("=");
    const tampered = `${name}=${value.slice(0, -3)}${value.endsWith("abc") ? "xyz" : "abc"}`;
    expect(await readLineIdentity(requestWith(tampered))).toBeNull();
    expect(await readLineIdentity(requestWith(tampered))).toBeNull();
  });

  test("a kept header still ages out after seven days", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T08:00:00Z"));
    const header = await cookiePair();
    expect(await readLineIdentity(requestWith(header))).toEqual(identity);
    vi.setSystemTime(new Date("2026-12-03T08:00:01Z"));
    expect(await readLineIdentity(requestWith(header))).toBeNull();
  });

  test("after the secrets change, a header kept under the old ones is verified again and refused", async () => {
    process.env.SESSION_SECRET = "old-secret";
    resetEnvCache();
    resetEmployeeCookieCache();
    const header = await cookiePair();
    expect(await readLineIdentity(requestWith(header))).toEqual(identity);

    process.env.SESSION_SECRET = "new-secret";
    resetEnvCache();
    resetEmployeeCookieCache();
    expect(await readLineIdentity(requestWith(header))).toBeNull();
  });
});
