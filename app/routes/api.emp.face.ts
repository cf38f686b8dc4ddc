import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireLinkedEmployeeApi } from "~/auth/guard.server";
import { apiError, handleApi, methodNotAllowed } from "~/lib/http.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { registerFace } from "~/models/face.server";

/** POST multipart `photo`: the server computes and stores the descriptor. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { employee } = await requireLinkedEmployeeApi(request);
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    // A descriptor computed by the browser is never accepted: only a photo.
    return apiError(400, "ต้องส่งรูปถ่ายใบหน้า (multipart ช่อง photo) ไม่รับค่า descriptor จากเบราว์เซอร์");
  }
  return handleApi(async () => {
    const { file } = await readMultipartImage(request, "photo");
    return json(await registerFace(employee.id, file, { type: "employee", id: employee.id }));
  });
}

export const loader = () => methodNotAllowed();
