import { LiffErrorBoundary } from "~/components/liff/LiffLayout";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

// Unknown /employee/* paths: a 404 inside the employee layout, with a way back to its home.
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function EmployeeNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <LiffErrorBoundary />;
}
