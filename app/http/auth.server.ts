import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authenticateAdmin, LOGIN_MESSAGES, LoginError, LoginSchema, type AdminUser } from "~/models/admins/admin.server";
import { clientIp } from "~/http/request.server";
import {
  clearAdminCookie,
  commitAdminSession,
  createAdminSession,
  deleteSession,
  readSessionId,
} from "~/lib/session.server";
import { fieldErrors } from "~/lib/validation";

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse({
      username: form.get("username") ?? undefined,
      password: form.get("password") ?? undefined,
    });
    if (!parsed.success) {
      throw new LoginError(400, "กรุณากรอกข้อมูลให้ครบ", undefined, fieldErrors(parsed.error));
    }
    return authenticateAdmin({ ...parsed.data, ip: clientIp(request) });
  }),
  "form",
);

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The sign-in fields of a form POST, re-sent as a plain form for the strategy. A body that is
 * not a readable form (JSON, text, nothing, a broken multipart) is a 400, never a crash.
 */
async function formSignInRequest(request: Request) {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) throw new LoginError(400, LOGIN_MESSAGES.badBody);
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    // A body that cannot be read as the form it claims to be; a response (e.g. a size limit) goes on.
    if (error instanceof Response) throw error;
    throw new LoginError(400, LOGIN_MESSAGES.badBody);
  }
  return jsonToFormRequest(request, Object.fromEntries(form));
}

/**
 * Signs an admin in from a form POST: remix-auth verifies, then a server-side session row is
 * created and its id becomes the cookie. Throws LoginError on failure.
 */
export async function signIn(request: Request) {
  const user = await authenticator.authenticate("form", await formSignInRequest(request));
  const session = createAdminSession(user.id, {
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent"),
  });
  return { user, setCookie: await commitAdminSession(session.id) };
}

/** The JSON flavour of the same sign-in: the body's string fields are handed to the FormStrategy as a form. */
export function jsonToFormRequest(request: Request, body: Record<string, unknown>) {
  const form = new URLSearchParams();
  for (const key of ["username", "password"]) {
    if (typeof body[key] === "string") form.set(key, body[key]);
  }
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  return new Request(request.url, { method: "POST", headers, body: form });
}

/** Ends the server-side session (if any) and returns the Set-Cookie that clears the cookie. */
export async function signOut(request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) deleteSession(sessionId);
  return clearAdminCookie();
}
