import net from "node:net";
import { z } from "zod";
import { parseReplicaEndpoint, parseReplicaUrl } from "../../server/replication.mjs";
import { LOG_LEVELS } from "./log.server";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const baseUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v) => (v === "" ? fallback : v).replace(/\/+$/, ""))
    .pipe(z.url({ protocol: /^https?$/ }));

/** A zod rule from one of server/replication.mjs's parsers: its error is the variable's message. */
function replicaRule(parse: (value: string | undefined) => unknown) {
  return (value: string | undefined, ctx: z.RefinementCtx) => {
    try {
      parse(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  };
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  SESSION_SECRET: optional,
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  LIFF_ID: optional,
  LINE_LOGIN_CHANNEL_ID: optional,
  LINE_CHANNEL_SECRET: optional,
  LINE_CHANNEL_ACCESS_TOKEN: optional,
  LINE_API_BASE: baseUrl("https://api.line.me"),
  LINE_DATA_API_BASE: baseUrl("https://api-data.line.me"),
  // How long one LINE call may take, its answer's body included (ADR 041).
  LINE_TIMEOUT_SECONDS: z.coerce
    .number({ message: "LINE_TIMEOUT_SECONDS must be a number of seconds" })
    .positive({ message: "LINE_TIMEOUT_SECONDS must be more than 0" })
    .max(120)
    .default(10),
  GEOCODER_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Read by server/security.mjs (plain JS); validated here so a typo stops the start.
  TRUST_PROXY: optional.refine((v) => v === undefined || v.split(",").every((ip) => net.isIP(ip.trim()) !== 0), {
    message: "TRUST_PROXY must be the IP address of the reverse proxy (several: comma-separated)",
  }),
  // Read by server.mjs (GET /metrics); validated here so a typo stops the start (ADR 054).
  METRICS_TOKEN: optional.refine((v) => v === undefined || (v.length >= 16 && !/\s/.test(v)), {
    message: "METRICS_TOKEN must be at least 16 characters without spaces (e.g. the output of `openssl rand -hex 24`)",
  }),
  // Read by scripts/start.mjs (it runs the server under Litestream) and the replication state;
  // validated here too, so a server started without npm start stops on a typo as well (ADR 053).
  REPLICA_URL: optional.superRefine(replicaRule(parseReplicaUrl)),
  REPLICA_ENDPOINT: optional.superRefine(replicaRule(parseReplicaEndpoint)),
  // Read by the logger itself (log.server.ts), which must exist before this is parsed.
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .default("info")
    .pipe(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` })),
  APP_TIMEZONE: z
    .string()
    .trim()
    .default("Asia/Bangkok")
    .refine(isTimeZone, { message: "APP_TIMEZONE is not an IANA time zone" }),
  // The scheduled LINE reminders and summaries (ADR 021); the housekeeping jobs run either way.
  REMINDERS: z.enum(["on", "off"], { message: "REMINDERS must be on or off" }).default("on"),
  // The face worker (~250 MB) is stopped after this many idle seconds (ADR 026).
  FACE_IDLE_SECONDS: z.coerce
    .number({ message: "FACE_IDLE_SECONDS must be a number of seconds" })
    .int({ message: "FACE_IDLE_SECONDS must be a whole number of seconds" })
    .min(0)
    .max(86_400)
    .default(120),
  // A face job running longer than this is stuck: the worker is restarted (ADR 036).
  FACE_JOB_TIMEOUT_SECONDS: z.coerce
    .number({ message: "FACE_JOB_TIMEOUT_SECONDS must be a number of seconds" })
    .min(1, { message: "FACE_JOB_TIMEOUT_SECONDS must be at least 1" })
    .max(120)
    .default(8),
});

export type Env = z.infer<typeof EnvSchema>;

function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Parses a set of variables; throws one readable error listing every bad name. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The process environment, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvCache() {
  cached = undefined;
}

/** Demo mode: no LIFF app configured, employee screens use the LIFF mock. */
export function isDemoMode(e: Env = env()) {
  return !e.LIFF_ID;
}
