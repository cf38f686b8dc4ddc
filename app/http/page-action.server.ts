// One way to run an admin page's form posts: a table of intents, each with its input schema,
// the model call and the Thai toast (docs/decisions/013-page-actions-and-line-errors.md).
import { json } from "@remix-run/node";
import type { z } from "zod";
import { DomainError } from "~/lib/errors";
import { BAD_ID_MESSAGE, parsePositiveInt } from "./request.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { fieldErrors } from "~/lib/validation";
import { logger } from "~/lib/log.server";

export type Fields = Record<string, string>;

export const PAGE_ACTION_MESSAGES = {
  unknownIntent: "ไม่รู้จักคำสั่งนี้",
  badBody: "ข้อมูลที่ส่งมาไม่ใช่ฟอร์มของหน้านี้ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง",
  invalid: "กรุณาตรวจสอบข้อมูล",
} as const;

export type PageActionContext = {
  /** The posted `id`, by the API's rule for ids; only for intents declaring `id: true`. */
  id(): number;
  /** The image of an intent declaring `file`. */
  file(): Uint8Array;
  /** Every text field of the form, as posted. */
  fields: Fields;
};

type Common<I, D> = {
  /** The intent needs a record id in the `id` field (checked before the input). */
  id?: boolean;
  /** The intent posts a multipart form with one image in this field. */
  file?: string;
  /** The `error` when the schema refuses the input (default: the first field's message). */
  invalid?: string;
  run(input: I, ctx: PageActionContext): D | Promise<D>;
  /** The toast on success. */
  done: string | ((result: Awaited<D>, input: I) => string);
};
type WithInput<I, D> = Common<I, D> & { schema: z.ZodType<I> | ((fields: Fields) => I) };
type WithoutInput<D> = Common<Fields, D> & { schema?: undefined };

/** One intent, its types erased for the table; `D` is what its success carries as `data`. */
export type Intent<D> = {
  id: boolean;
  file?: string;
  execute(ctx: PageActionContext): Promise<{ message: string; data: Awaited<D> }>;
};

/** Declares an intent; `schema` is a zod schema of the form's fields or a parser of them. */
export function intent<D = void>(spec: WithoutInput<D>): Intent<D>;
export function intent<I, D = void>(spec: WithInput<I, D>): Intent<D>;
export function intent<I, D>(spec: WithInput<I, D> | WithoutInput<D>): Intent<D> {
  const finish = async <X>(s: Common<X, D>, input: X, ctx: PageActionContext) => {
    const data = await s.run(input, ctx);
    return { message: typeof s.done === "string" ? s.done : s.done(data, input), data };
  };
  return {
    id: spec.id ?? false,
    file: spec.file,
    execute(ctx) {
      if (spec.schema === undefined) return finish(spec, ctx.fields, ctx);
      if (typeof spec.schema === "function") return finish(spec, spec.schema(ctx.fields), ctx);
      const result = spec.schema.safeParse(ctx.fields);
      if (!result.success) {
        const fields = fieldErrors(result.error);
        throw new DomainError(400, spec.invalid ?? Object.values(fields)[0] ?? PAGE_ACTION_MESSAGES.invalid, fields);
      }
      return finish(spec, result.data, ctx);
    },
  };
}

type DataOf<X> = X extends Intent<infer D> ? Awaited<D> : never;

export type PageActionSuccess<T> = {
  [K in keyof T & string]: { ok: true; intent: K; message: string; data?: DataOf<T[K]> };
}[keyof T & string];
export type PageActionFailure = { ok: false; intent?: string; error: string; fields: Fields };
export type PageActionResult<T> = PageActionSuccess<T> | PageActionFailure;

function failure(status: number, error: string, fields: Fields = {}, intent?: string, headers?: HeadersInit) {
  const body: PageActionFailure = { ok: false, ...(intent ? { intent } : {}), error, fields };
  return json(body, { status, headers });
}

async function readForm(request: Request, fileField: string | undefined) {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") && fileField) {
    const { file, form } = await readMultipartImage(request, fileField);
    return { fields: textFields(form), file };
  }
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    return { fields: textFields(await request.formData()), file: null };
  } catch (error) {
    logger.warn(`page action: unreadable form body (${String(error)})`);
    return null;
  }
}

function textFields(form: FormData): Fields {
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * Runs the posted intent of an admin page and answers one shape: `{ ok: true, intent, message,
 * data? }`, or `{ ok: false, intent?, error, fields }` with the DomainError's status (400 for a
 * body that is not this page's form, or an unknown intent). Thrown Responses and other errors
 * pass through (a redirect, a real crash).
 */
export async function pageAction<T extends Record<string, Intent<unknown>>>(
  request: Request,
  intents: T,
  options: { /** The intent of a form that posts no `intent` field. */ untitled?: keyof T & string } = {},
) {
  const fileFields = [...new Set(Object.values(intents).flatMap((i) => (i.file ? [i.file] : [])))];
  if (fileFields.length > 1) throw new Error("page action: every file intent must use the same field");
  let name: string | undefined;
  try {
    const body = await readForm(request, fileFields[0]);
    if (!body) return failure(400, PAGE_ACTION_MESSAGES.badBody);
    const { fields, file } = body;
    name = fields.intent ?? options.untitled;
    const spec = name !== undefined && Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!spec || name === undefined) return failure(400, PAGE_ACTION_MESSAGES.unknownIntent);
    const id = spec.id ? parsePositiveInt(fields.id) : null;
    if (spec.id && id === null) throw new DomainError(404, BAD_ID_MESSAGE);
    if (spec.file && !file) {
      // Not multipart: readMultipartImage answers its own 400 from the content type alone.
      await readMultipartImage(request, spec.file);
    }
    const ctx: PageActionContext = {
      fields,
      id() {
        if (id === null) throw new Error(`page action: intent "${name}" does not declare an id`);
        return id;
      },
      file() {
        if (!file) throw new Error(`page action: intent "${name}" does not declare a file`);
        return file;
      },
    };
    const { message, data } = await spec.execute(ctx);
    const success = { ok: true as const, intent: name, message, ...(data === undefined ? {} : { data }) };
    return json(success as PageActionResult<T>);
  } catch (error) {
    if (error instanceof DomainError) {
      return failure(error.status, error.message, error.fields, name, error.extra.headers);
    }
    throw error;
  }
}
