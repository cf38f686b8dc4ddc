import { currentRequestId, inRequest, logger, logLevelFrom } from "./log.server";

/** The JSON lines console.log/warn/error got while `fn` ran (the logger's sink under vitest). */
async function linesOf(fn: () => unknown) {
  const lines: Record<string, unknown>[] = [];
  const take = (line: unknown) => void lines.push(JSON.parse(String(line)) as Record<string, unknown>);
  const spies = [vi.spyOn(console, "log").mockImplementation(take), vi.spyOn(console, "warn").mockImplementation(take)];
  const errors = vi.mocked(console.error).mockImplementation(take);
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
    errors.mockImplementation(() => undefined);
  }
  return lines;
}

test("one JSON line per event: level by name, ISO time, the message", async () => {
  const [line] = await linesOf(() => logger.info("Database: /data/tn.sqlite"));
  expect(line).toEqual({ level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), msg: "Database: /data/tn.sqlite" });
});

test("every line logged during a request carries its id, after awaits too; none outside", async () => {
  const lines = await linesOf(async () => {
    logger.info("before");
    await inRequest("k3v9q2m7x4b8", async () => {
      expect(currentRequestId()).toBe("k3v9q2m7x4b8");
      logger.warn("at once");
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.warn("after a timer");
      await Promise.resolve();
      logger.info({ req_id: "given-explicitly" }, "a field given wins");
    });
    logger.info("after");
  });
  expect(lines.map((l) => [l.msg, l.req_id])).toEqual([
    ["before", undefined],
    ["at once", "k3v9q2m7x4b8"],
    ["after a timer", "k3v9q2m7x4b8"],
    ["a field given wins", "given-explicitly"],
    ["after", undefined],
  ]);
  expect(currentRequestId()).toBeUndefined();
});

test("a second copy of the module (a dev rebuild) shares the logger and the request scope", async () => {
  vi.resetModules();
  const again = await import("./log.server");
  expect(again.inRequest).not.toBe(inRequest);
  expect(again.logger).toBe(logger);
  expect(inRequest("k3v9q2m7x4b8", () => again.currentRequestId())).toBe("k3v9q2m7x4b8");
});

test("an error is one line with its type, message and stack in `err`", async () => {
  const lines = await linesOf(() =>
    inRequest("k3v9q2m7x4b8", () => logger.error({ err: new TypeError("x is undefined") }, "unexpected error on GET /admin")),
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: "error",
    req_id: "k3v9q2m7x4b8",
    msg: "unexpected error on GET /admin",
    err: { type: "TypeError", message: "x is undefined", stack: expect.stringContaining("log.server.test.ts") },
  });
});

test("LOG_LEVEL: a known level, any case; anything else is info", () => {
  expect(logLevelFrom("WARN")).toBe("warn");
  expect(logLevelFrom(" debug ")).toBe("debug");
  expect(logLevelFrom("loud")).toBe("info");
  expect(logLevelFrom(undefined)).toBe("info");
});
