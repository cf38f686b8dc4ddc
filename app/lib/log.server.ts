// The server's one logger (docs/decisions/054-metrics-and-request-logs.md): JSON lines on stdout,
// one per event, each with the id of the request it happened in (`req_id`), so the reference an
// error page shows finds its lines in `journalctl -u tn` or `docker logs tn`.
import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Level, type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type RequestScope = { requestId: string };
type Holder = { log: Logger; scope: AsyncLocalStorage<RequestScope> };

const isLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/**
 * LOG_LEVEL as given, else `info`. Read straight from the environment: the logger must exist
 * even when another variable is wrong (env.server.ts validates LOG_LEVEL with the rest and stops the start).
 */
export function logLevelFrom(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase() ?? "";
  return isLevel(level) ? level : "info";
}

/**
 * Under vitest the lines go through console.error/warn/log by level: the test setup fails a test
 * that logs an error it did not expect, and tests spy on console.warn for the warnings they cause.
 */
function consoleLines(): DestinationStream {
  const printer = (print: (line: string) => void): DestinationStream => ({ write: (line) => print(line.trimEnd()) });
  const streams: { level: Level; stream: DestinationStream }[] = [
    { level: "trace", stream: printer((line) => console.log(line)) },
    { level: "warn", stream: printer((line) => console.warn(line)) },
    { level: "error", stream: printer((line) => console.error(line)) },
  ];
  return pino.multistream(streams, { dedupe: true });
}

function createHolder(): Holder {
  const scope = new AsyncLocalStorage<RequestScope>();
  const log = pino(
    {
      level: logLevelFrom(process.env.LOG_LEVEL),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = scope.getStore();
        return request ? { req_id: request.requestId } : {};
      },
    },
    process.env.NODE_ENV === "test" ? consoleLines() : process.stdout,
  );
  return { log, scope };
}

// On globalThis: dev rebuilds and a second copy of this module (server.mjs reads it from the
// build) share one logger and one request scope.
const KEY = Symbol.for("tn.log");
const holder = globalThis as typeof globalThis & { [KEY]?: Holder };
const current = (holder[KEY] ??= createHolder());

export const logger: Logger = current.log;

/** Runs `fn` as part of the request `requestId`: every line it logs, now or after an await, carries it. */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return current.scope.run({ requestId }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return current.scope.getStore()?.requestId;
}
