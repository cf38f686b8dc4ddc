import { jsonAnswer, apiError } from "~/http/answers.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { registerFace } from "~/models/employees/face.server";
import { apiRoute } from "~/http/api-route.server";

/**
 * POST multipart `photo` and `consent=1` (the PDPA consent the page asks for; may be left out
 * once stored): the server computes and stores the descriptor.
 */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, employee, actor }) => {
      if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
        // A descriptor computed by the browser is never accepted: only a photo.
        return apiError(400, "ต้องส่งรูปถ่ายใบหน้า (multipart ช่อง photo) ไม่รับค่า descriptor จากเบราว์เซอร์");
      }
      const { file, form } = await readMultipartImage(request, "photo");
      return jsonAnswer(await registerFace(employee.id, file, actor, { consent: form.get("consent") === "1" }));
    },
  },
  { auth: "employee" },
);
