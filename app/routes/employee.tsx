import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getEmployeeSession } from "~/http/guard.server";
import { LiffErrorBoundary, LiffLayout } from "~/components/liff/LiffLayout";
import { env, isDemoMode } from "~/lib/env.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getEmployeeSession(request);
  // The guard for every employee screen: signed in but not linked → the linking page first.
  if (session?.state === "unlinked" && new URL(request.url).pathname !== "/employee/verify") {
    throw redirect("/employee/verify");
  }
  return json({
    demo: isDemoMode(),
    liffId: env().LIFF_ID ?? null,
    signedIn: session != null,
    resigned: session?.state === "resigned",
  });
}

// Cheap, and the sign-in state it carries changes between child navigations.
export const shouldRevalidate = () => true;

export default function EmployeeLayout() {
  return <LiffLayout {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <LiffErrorBoundary />;
}
