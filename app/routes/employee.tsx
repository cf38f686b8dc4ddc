import { Container } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DemoBanner, SigningIn, useLiffSignIn } from "~/components/employee/LiffGate";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
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

/** The spec's client layout (empty header and footer, main ≥ 80vh) around the LIFF sign-in. */
export default function EmployeeLayout() {
  const data = useLoaderData<typeof loader>();
  const { run, error } = useLiffSignIn(data);
  return (
    <>
      <header>{data.demo ? <DemoBanner onSwitch={run} /> : null}</header>
      <main className="client-main">
        <Container size="xs" py="md">
          {data.signedIn ? <Outlet /> : <SigningIn error={error} onRetry={run} />}
        </Container>
      </main>
      <footer />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
