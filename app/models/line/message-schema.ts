// LINE message objects and the auto-reply input, shared by the admin page (live checks and
// preview) and the server (page action and /api/message). LINE accepts 1 to 5 message objects per
// reply, each with a `type` (spec §5, §8).
import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { cleanText, fieldErrors, formFlag } from "~/lib/validation";

export const MAX_MESSAGES = 5;
export const MAX_TEXT_LENGTH = 5000;
export const MAX_KEYWORD_LENGTH = 100;
/** One message object as JSON; LINE's largest (flex) are about 30 KB. */
const MAX_MESSAGE_JSON = 30_000;

export const MESSAGE_COUNT_ERROR =
  "จำนวนข้อความต้องอยู่ระหว่าง 1 ถึง 5 ข้อความ (Number of messages should be in range 1 to 5.)";
export const MESSAGE_TYPE_ERROR = "ต้องระบุประเภทข้อความ (type)";
export const TEXT_REQUIRED_ERROR = "กรุณากรอกข้อความ";
export const TEXT_TOO_LONG_ERROR = `ข้อความยาวเกิน ${MAX_TEXT_LENGTH.toLocaleString("th-TH")} ตัวอักษร`;
const INVALID_INPUT = "ข้อมูลข้อความตอบกลับไม่ถูกต้อง";
/** 409 for a second active reply with the same keyword and match mode (it could never fire). */
export const DUPLICATE_KEYWORD_ERROR =
  "มีข้อความตอบกลับที่เปิดใช้งานด้วยคำสำคัญและรูปแบบการจับคู่นี้อยู่แล้ว บอทจะใช้ข้อความเดิมก่อนเสมอ";

export const MATCH_MODES = ["exact", "contains"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export type LineMessageObject = Record<string, unknown> & { type: string };

const required = (label: string, max: number) =>
  z
    .string({ error: `กรุณาระบุ${label}` })
    .refine((v) => v.trim().length > 0, `กรุณาระบุ${label}`)
    .refine((v) => v.length <= max, `${label}ยาวเกิน ${max} ตัวอักษร`);

const httpsUrl = (label: string) =>
  z.string({ error: `กรุณาระบุ${label}` }).refine((v) => {
    if (v.length > 2000 || !/^https:\/\//i.test(v)) return false;
    try {
      new URL(v);
      return true;
    } catch {
      return false;
    }
  }, `${label} ต้องเป็น URL ที่ขึ้นต้นด้วย https://`);

const numericId = (label: string) =>
  z.union([z.string(), z.number()], { error: `กรุณาระบุ${label}` }).refine(
    (v) => /^\d{1,20}$/.test(String(v)),
    `${label}ต้องเป็นตัวเลข`,
  );

const altText = required("ข้อความแทน (altText)", 400);

/** The fields LINE requires per type; other fields (quickReply, sender, emojis, …) pass through. */
const TYPE_SCHEMAS = new Map<string, z.ZodType<Record<string, unknown>>>([
  [
    "text",
    z.looseObject({
      text: cleanText({ label: "ข้อความ", min: 1, max: MAX_TEXT_LENGTH, multiline: true, trim: false, tooLong: TEXT_TOO_LONG_ERROR }),
    }),
  ],
  ["sticker", z.looseObject({ packageId: numericId("รหัสชุดสติกเกอร์ (packageId)"), stickerId: numericId("รหัสสติกเกอร์ (stickerId)") })],
  [
    "image",
    z.looseObject({
      originalContentUrl: httpsUrl("ลิงก์รูปภาพ (originalContentUrl)"),
      previewImageUrl: httpsUrl("ลิงก์รูปตัวอย่าง (previewImageUrl)"),
    }),
  ],
  [
    "video",
    z.looseObject({
      originalContentUrl: httpsUrl("ลิงก์วิดีโอ (originalContentUrl)"),
      previewImageUrl: httpsUrl("ลิงก์รูปตัวอย่าง (previewImageUrl)"),
    }),
  ],
  [
    "audio",
    z.looseObject({
      originalContentUrl: httpsUrl("ลิงก์เสียง (originalContentUrl)"),
      duration: z.number({ error: "กรุณาระบุความยาวเสียง (duration) เป็นมิลลิวินาที" }).int().positive(),
    }),
  ],
  [
    "location",
    z.looseObject({
      title: required("ชื่อสถานที่ (title)", 100),
      address: required("ที่อยู่ (address)", 100),
      latitude: z.number({ error: "กรุณาระบุละติจูด" }).min(-90).max(90),
      longitude: z.number({ error: "กรุณาระบุลองจิจูด" }).min(-180).max(180),
    }),
  ],
  [
    "flex",
    z.looseObject({
      altText,
      contents: z.looseObject({ type: z.enum(["bubble", "carousel"]) }, { error: "กรุณาระบุเนื้อหา flex (contents)" }),
    }),
  ],
  ["template", z.looseObject({ altText, template: z.looseObject({ type: z.string() }, { error: "กรุณาระบุ template" }) })],
  [
    "imagemap",
    z.looseObject({
      baseUrl: httpsUrl("ลิงก์รูป (baseUrl)"),
      altText,
      baseSize: z.looseObject({ width: z.number(), height: z.number() }, { error: "กรุณาระบุขนาดรูป (baseSize)" }),
      actions: z.array(z.looseObject({ type: z.string() }), { error: "กรุณาระบุ actions" }),
    }),
  ],
]);

/** One LINE message object: a `type` LINE knows and the fields that type needs. */
export const LineMessageSchema = z
  .looseObject(
    { type: z.string({ error: MESSAGE_TYPE_ERROR }).min(1, MESSAGE_TYPE_ERROR) },
    { error: MESSAGE_TYPE_ERROR },
  )
  .transform((message, ctx): LineMessageObject => {
    const schema = TYPE_SCHEMAS.get(message.type);
    if (!schema) {
      ctx.addIssue({ code: "custom", path: ["type"], message: `ไม่รองรับข้อความประเภท "${message.type}"` });
      return message;
    }
    const result = schema.safeParse(message);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
      return message;
    }
    if (JSON.stringify(message).length > MAX_MESSAGE_JSON) {
      ctx.addIssue({ code: "custom", message: "ข้อความนี้มีขนาดใหญ่เกินไป" });
    }
    // The checked copy: its text is in NFC.
    return { ...message, ...result.data };
  });

/** 1–5 message objects, LINE's limit for one reply. */
export const LineMessagesSchema = z
  .array(LineMessageSchema, { error: MESSAGE_COUNT_ERROR })
  .min(1, MESSAGE_COUNT_ERROR)
  .max(MAX_MESSAGES, MESSAGE_COUNT_ERROR);

const ReplyFields = {
  keyword: cleanText({ label: "คำสำคัญ", min: 1, max: MAX_KEYWORD_LENGTH }),
  match: z.enum(MATCH_MODES, { error: "รูปแบบการจับคู่ต้องเป็น exact (แบบตรงทั้งหมด) หรือ contains (มีคำนี้)" }),
  messages: LineMessagesSchema,
  active: formFlag,
  /** "Add anyway": save even when an active reply has the same keyword and match mode. */
  allow_duplicate: formFlag.optional(),
};

export const ReplyCreateSchema = z.object({
  ...ReplyFields,
  match: ReplyFields.match.default("exact"),
  active: ReplyFields.active.default(true),
});
export const ReplyUpdateSchema = z.object(ReplyFields).partial();
export type ReplyCreateInput = z.infer<typeof ReplyCreateSchema>;
export type ReplyUpdateInput = z.infer<typeof ReplyUpdateSchema>;

/**
 * Parses reply input; a 400 DomainError whose `error` is the message problem itself (the count
 * rule in Thai and LINE's English, a missing type, an empty text) so API callers see it at once.
 */
export function parseReplyInput<S extends typeof ReplyCreateSchema | typeof ReplyUpdateSchema>(
  schema: S,
  input: unknown,
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<S>;
  const fields = fieldErrors(result.error);
  throw new DomainError(400, summarise(fields), fields);
}

function summarise(fields: Record<string, string>) {
  if (fields.messages) return fields.messages;
  for (const [key, message] of Object.entries(fields)) {
    const item = /^messages\.(\d+)/.exec(key);
    if (item) return `ข้อความที่ ${Number(item[1]) + 1}: ${message}`;
  }
  return Object.values(fields)[0] ?? INVALID_INPUT;
}
