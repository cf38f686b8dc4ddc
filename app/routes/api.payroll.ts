import { bytesResponse } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { xlsxHeaders } from "~/lib/xlsx.server";
import { PayrollQuery, payrollCsv, payrollXlsx } from "~/models/payroll/export.server";

/** GET `?month=YYYY-MM&format=xlsx|csv`: the payroll export of the month, a row per employee. */
export const { loader, action } = apiRoute(
  {
    GET: async ({ request }) => {
      const query = parseQuery(PayrollQuery, request);
      if (query.format === "csv") {
        const { filename, stream } = payrollCsv(query.month);
        return csvResponse(stream, filename);
      }
      const { filename, bytes } = await payrollXlsx(query.month);
      return bytesResponse(bytes, { headers: xlsxHeaders(filename) });
    },
  },
  { auth: "admin" },
);
