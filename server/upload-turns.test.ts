import { EMPLOYEE_COOKIE_NAME } from "~/lib/employee-session.server";
import { ADMIN_COOKIE_NAME } from "~/lib/session.server";
import { SESSION_COOKIES, uploader, uploadTurns } from "./upload-turns.mjs";

const request = (address: string, cookie?: string) => ({ headers: { "x-tn-client-ip": address, ...(cookie ? { cookie } : {}) } });

describe("uploader", () => {
  test("the session cookies told apart are the app's", () => {
    expect(SESSION_COOKIES).toEqual([ADMIN_COOKIE_NAME, EMPLOYEE_COOKIE_NAME]);
  });

  test("a client is its session cookie, else its address; the address is always the address", () => {
    expect(uploader(request("10.0.0.1"))).toEqual({ client: "address 10.0.0.1", address: "10.0.0.1" });
    expect(uploader(request("10.0.0.1", "theme=dark"))).toEqual({ client: "address 10.0.0.1", address: "10.0.0.1" });
    const phone = uploader(request("10.0.0.1", "theme=dark; tn_emp=abc.def"));
    expect(phone).toEqual({ client: "tn_emp=abc.def", address: "10.0.0.1" });
    expect(uploader(request("10.0.0.2", "tn_emp=abc.def")).client).toBe(phone.client);
    expect(uploader(request("10.0.0.1", "tn_emp=other")).client).not.toBe(phone.client);
  });
});

describe("uploadTurns", () => {
  test("each limit in its turn, and every turn given back", () => {
    const turns = uploadTurns({ perClient: 1, perAddress: 2, atOnce: 3 });
    const a = { client: "a", address: "x" };
    const b = { client: "b", address: "x" };
    const c = { client: "c", address: "x" };
    const d = { client: "d", address: "y" };
    const e = { client: "e", address: "z" };
    expect(turns.take(a)).toBeNull();
    expect(turns.take(a)).toBe("client");
    expect(turns.take(b)).toBeNull();
    expect(turns.take(c)).toBe("address");
    expect(turns.take(d)).toBeNull();
    expect(turns.take(e)).toBe("server");
    for (const who of [a, b, d]) turns.give(who);
    expect(turns.stats()).toEqual({ total: 0, clients: 0, addresses: 0 });
  });
});
