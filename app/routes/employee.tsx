import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LiffErrorBoundary, LiffLayout } from "~/components/liff/LiffLayout";
import { readLineIdentity } from "~/lib/employee-session.server";
import { env, isDemoMode } from "~/lib/env.server";
import { findWorkingEmployeeId } from "~/models/line-link.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const identity = await readLineIdentity(request);
  const linked = identity ? findWorkingEmployeeId(identity.lineUserId) != null : false;
  // The guard for every employee screen: signed in but not linked → the linking page first.
  if (identity && !linked && new URL(request.url).pathname !== "/employee/verify") {
    throw redirect("/employee/verify");
  }
  return json({
    demo: isDemoMode(),
    liffId: env().LIFF_ID ?? null,
    signedIn: identity != null,
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
