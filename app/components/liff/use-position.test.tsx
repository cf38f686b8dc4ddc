import { act, renderHook } from "@testing-library/react";
import { REFRESH_MS, usePosition } from "./use-position";

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

/** A phone whose position answers at once, from a list (the last one repeats), or fails. */
function phone(answers: ({ lat: number; accuracy: number } | "fail")[]) {
  let asked = 0;
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure) => {
    const answer = answers[Math.min(asked++, answers.length - 1)];
    if (answer === "fail") {
      fail({ code: 3, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: "timeout" } as GeolocationPositionError);
      return;
    }
    ok({ coords: { latitude: answer.lat, longitude: 100.5, accuracy: answer.accuracy }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-25T01:00:00Z") }));
afterEach(() => vi.useRealTimers());

test("while the page is open the fix is renewed quietly, so it never gets old", () => {
  const geo = phone([{ lat: 13.1, accuracy: 10 }, { lat: 13.2, accuracy: 8 }]);
  const { result, unmount } = renderHook(() => usePosition(true));
  expect(result.current.state).toMatchObject({ status: "ready", fix: { lat: 13.1, at: Date.parse("2026-11-25T01:00:00Z") } });

  act(() => vi.advanceTimersByTime(REFRESH_MS));
  expect(geo).toHaveBeenCalledTimes(2);
  expect(result.current.state).toMatchObject({ status: "ready", fix: { lat: 13.2, accuracy: 8, at: Date.parse("2026-11-25T01:00:00Z") + REFRESH_MS } });

  unmount();
  vi.advanceTimersByTime(REFRESH_MS * 3);
  expect(geo).toHaveBeenCalledTimes(2);
});

test("a quiet refresh that fails keeps the fix shown; an error shown is not replaced behind the user's back", () => {
  phone([{ lat: 13.1, accuracy: 10 }, "fail"]);
  const ok = renderHook(() => usePosition(true));
  act(() => vi.advanceTimersByTime(REFRESH_MS));
  expect(ok.result.current.state).toMatchObject({ status: "ready", fix: { lat: 13.1 } });
  ok.unmount();

  phone(["fail", { lat: 13.3, accuracy: 5 }]);
  const failed = renderHook(() => usePosition(true));
  expect(failed.result.current.state.status).toBe("error");
  act(() => vi.advanceTimersByTime(REFRESH_MS));
  expect(failed.result.current.state.status).toBe("error");
  act(() => failed.result.current.locate());
  expect(failed.result.current.state).toMatchObject({ status: "ready", fix: { lat: 13.3 } });
});

test("not enabled: the phone is never asked", () => {
  const geo = phone([{ lat: 13.1, accuracy: 10 }]);
  renderHook(() => usePosition(false));
  vi.advanceTimersByTime(REFRESH_MS * 2);
  expect(geo).not.toHaveBeenCalled();
});
