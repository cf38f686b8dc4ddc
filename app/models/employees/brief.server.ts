import { employees } from "../../../db/schema";
import { rowFullName } from "~/lib/enums";
import { uploadUrl } from "~/lib/uploads.server";

export type BriefEmployeeRow = Pick<
  typeof employees.$inferSelect,
  "id" | "code" | "title" | "namePrefix" | "firstName" | "lastName" | "position" | "photoUploadId"
>;

/** The columns employeeBrief reads, to spread into a select. */
export const briefEmployeeColumns = {
  id: employees.id,
  code: employees.code,
  title: employees.title,
  namePrefix: employees.namePrefix,
  firstName: employees.firstName,
  lastName: employees.lastName,
  position: employees.position,
  photoUploadId: employees.photoUploadId,
};

/**
 * Who a record, a correction or a review belongs to, as the admin lists show them: name, code,
 * photo, and the first name (an avatar's initial: the full name starts with the title).
 */
export function employeeBrief(e: BriefEmployeeRow) {
  return {
    id: e.id,
    code: e.code,
    full_name: rowFullName(e),
    first_name: e.firstName,
    position: e.position,
    photo_url: e.photoUploadId ? uploadUrl("employees", e.photoUploadId) : null,
  };
}
