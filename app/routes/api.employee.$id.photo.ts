import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { requireEmployee, setEmployeePhoto } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      requireEmployee(id);
      const { file } = await readMultipartImage(request, "photo");
      return json(await setEmployeePhoto(id, file, actor));
    },
  },
  { auth: "admin" },
);
