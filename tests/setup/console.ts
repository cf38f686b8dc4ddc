import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

// A test that logs console.error fails: errors must be asserted, not printed and ignored.
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});

afterEach(() => {
  const logged = errors;
  errors = [];
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    throw new Error(`console.error was called:\n${logged.join("\n")}`);
  }
});
