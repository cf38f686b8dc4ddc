import { startFakeLine, type FakeLine } from "../../tests/fixtures/fake-line";
import { resetEnvCache } from "./env.server";
import { DomainError } from "./errors";
import { employeeAuthenticator } from "./liff-auth.server";

let fake: FakeLine;
const LINE_VARS = ["LINE_API_BASE", "LINE_LOGIN_CHANNEL_ID", "LIFF_ID", "LINE_CHANNEL_SECRET", "LINE_CHANNEL_ACCESS_TOKEN"];

beforeAll(async () => {
  fake = await startFakeLine();
});
afterAll(() => fake.close());
afterEach(() => {
  for (const name of LINE_VARS) delete process.env[name];
  resetEnvCache();
});

function configureLine() {
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_LOGIN_CHANNEL_ID = "1234567890";
  process.env.LIFF_ID = "1234567890-abc";
  resetEnvCache();
}

function authen(body: unknown) {
  return employeeAuthenticator.authenticate(
    "liff",
    new Request("http://localhost/api/emp/authen", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

async function status(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).status;
}

describe("LIFF strategy with LINE configured", () => {
  test("a token LINE accepts gives its sub; LINE received the token and our channel id", async () => {
    configureLine();
    fake.tokens.set("good-token", { sub: "U1234abcd", aud: "1234567890", name: "สมชาย" });
    const identity = await authen({ idToken: "good-token" });
    expect(identity).toEqual({ lineUserId: "U1234abcd", name: "สมชาย", picture: null, demo: false });
    const sent = fake.find("/oauth2/v2.1/verify").at(-1)!;
    expect(sent.body).toEqual({ id_token: "good-token", client_id: "1234567890" });
  });

  test("forged, wrong-audience and expired tokens → 401", async () => {
    configureLine();
    fake.tokens.set("other-app", { sub: "U1", aud: "999" });
    fake.tokens.set("expired", { sub: "U1", aud: "1234567890", exp: Math.floor(Date.now() / 1000) - 10 });
    expect(await status(authen({ idToken: "forged" }))).toBe(401);
    expect(await status(authen({ idToken: "other-app" }))).toBe(401);
    expect(await status(authen({ idToken: "expired" }))).toBe(401);
  });

  test("a bare lineUserId is never trusted: 400 without idToken", async () => {
    configureLine();
    expect(await status(authen({ lineUserId: "U1234abcd" }))).toBe(400);
  });

  test("demo tokens are refused once LINE is configured", async () => {
    configureLine();
    expect(await status(authen({ idToken: "demo:Udemo0001" }))).toBe(401);
  });
});

describe("LIFF strategy in demo mode", () => {
  test("demo users are accepted only with a demo id", async () => {
    expect(await authen({ idToken: "demo:Udemo0002" })).toMatchObject({ lineUserId: "Udemo0002", demo: true });
    expect(await status(authen({ idToken: "demo:U1234abcd" }))).toBe(401);
    expect(await status(authen({ idToken: "anything" }))).toBe(401);
    const before = fake.requests.length;
    await authen({ idToken: "demo:Udemo0003" });
    expect(fake.requests.length).toBe(before);
  });
});
