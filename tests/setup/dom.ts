import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

afterEach(() => cleanup());

// A Mantine transition running as a file's last test ended sets its state from a timer (its
// duration, ~200 ms, after two animation frames). Let it fire while jsdom's window still exists:
// once the environment is torn down React's setState reads `window` and the run fails.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));

// jsdom lacks these; Mantine needs them. The tests' user prefers reduced motion: a closing
// Modal then unlocks the page's scroll at once instead of from a timer that would set state
// after the test's last assertion (an act() warning, which fails the test).
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: /prefers-reduced-motion:\s*reduce/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
