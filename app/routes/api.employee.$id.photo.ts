import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { requireEmployee, setEmployeePhoto } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      requireEmployee(id);
      const { file } = await readMultipartImage(request, "photo");
      return jsonAnswer(await setEmployeePhoto(id, file, actor));
    },
  },
  { auth: "admin" },
);
