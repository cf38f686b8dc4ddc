import { phoneHint } from "./layout-hint";

const DESKTOP_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_LINE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0";
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPAD = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

test.each([
  [{ "sec-ch-ua-mobile": "?1", "user-agent": DESKTOP_CHROME }, true],
  [{ "sec-ch-ua-mobile": "?0", "user-agent": ANDROID_CHROME }, false],
  [{ "user-agent": IPHONE_LINE }, true],
  [{ "user-agent": ANDROID_CHROME }, true],
  [{ "user-agent": DESKTOP_CHROME }, false],
  [{ "user-agent": IPAD }, false],
  [{ "user-agent": "autocannon" }, null],
  [{ "user-agent": "curl/8.5.0" }, null],
  [{}, null],
  [{ "sec-ch-ua-mobile": "maybe" }, null],
])("%j → %s", (headers, expected) => {
  expect(phoneHint(new Headers(headers))).toBe(expected);
});
