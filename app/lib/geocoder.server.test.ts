import { FAKE_ADDRESS, startFakeGeocoder, type FakeGeocoder } from "../../tests/fixtures/fake-geocoder";
import { resetEnvCache } from "./env.server";
import { reverseGeocode, resetGeocoderWarningsForTests } from "./geocoder.server";

let fake: FakeGeocoder;
const saved = process.env.GEOCODER_URL;

beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  process.env.GEOCODER_URL = fake.url;
  resetEnvCache();
  resetGeocoderWarningsForTests();
  fake.mode = "ok";
});
afterEach(() => {
  if (saved === undefined) delete process.env.GEOCODER_URL;
  else process.env.GEOCODER_URL = saved;
  resetEnvCache();
  warn?.mockRestore();
  warn = undefined;
});

let warn: ReturnType<typeof vi.spyOn> | undefined;
const spyWarn = () => (warn = vi.spyOn(console, "warn").mockImplementation(() => {}));

describe("reverseGeocode", () => {
  test("asks the Nominatim contract and returns the Thai display name", async () => {
    expect(await reverseGeocode(13.7567, 100.5018)).toBe(FAKE_ADDRESS);
    const q = fake.requests.at(-1);
    expect(q?.get("format")).toBe("jsonv2");
    expect(q?.get("lat")).toBe("13.7567");
    expect(q?.get("lon")).toBe("100.5018");
    expect(q?.get("accept-language")).toBe("th");
  });

  test("not configured: null without a request", async () => {
    delete process.env.GEOCODER_URL;
    resetEnvCache();
    const before = fake.requests.length;
    expect(await reverseGeocode(1, 2)).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  test("a hanging geocoder gives null within the timeout, with one warning per kind", async () => {
    const warn = spyWarn();
    fake.mode = "hang";
    const started = Date.now();
    expect(await reverseGeocode(1, 2, 300)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await reverseGeocode(1, 2, 300)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("timeout");
  });

  test.each(["error", "garbage"] as const)("a %s answer gives null and a warning, never an error", async (mode) => {
    const warn = spyWarn();
    fake.mode = mode;
    expect(await reverseGeocode(1, 2)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test("a refused connection gives null", async () => {
    const warn = spyWarn();
    process.env.GEOCODER_URL = "http://127.0.0.1:9";
    resetEnvCache();
    expect(await reverseGeocode(1, 2)).toBeNull();
    expect(String(warn.mock.calls[0][0])).toContain("network");
  });
});
