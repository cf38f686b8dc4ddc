import { apiError } from "~/http/answers.server";

const notFound = () => apiError(404, "ไม่พบ API ที่เรียก");

export const loader = notFound;
export const action = notFound;
