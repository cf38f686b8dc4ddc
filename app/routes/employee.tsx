import { Alert, Container, Text } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DemoBanner, SigningIn, useLiffSignIn } from "~/components/employee/LiffGate";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { getEmployeeSession } from "~/auth/guard.server";
import { env, isDemoMode } from "~/lib/env.server";

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

/** The spec's client layout (empty header and footer, main ≥ 80vh) around the LIFF sign-in. */
export default function EmployeeLayout() {
  const data = useLoaderData<typeof loader>();
  const { run, error } = useLiffSignIn(data);
  return (
    <>
      <header>{data.demo ? <DemoBanner onSwitch={run} /> : null}</header>
      <main className="client-main">
        <Container size="xs" py="md">
          {!data.signedIn ? <SigningIn error={error} onRetry={run} /> : data.resigned ? <Resigned /> : <Outlet />}
        </Container>
      </main>
      <footer />
    </>
  );
}

/** A former employee's LINE account stays linked for the record, but opens nothing. */
function Resigned() {
  return (
    <Alert color="gray" title="บัญชีนี้ไม่สามารถใช้งานระบบได้แล้ว" role="status" data-testid="resigned-notice">
      <Text fz="sm">
        บัญชี LINE นี้เชื่อมกับพนักงานที่ลาออกแล้ว จึงไม่สามารถลงเวลา ขอลางาน หรือส่งรายงานได้
        หากคุณยังทำงานอยู่หรือข้อมูลไม่ถูกต้อง กรุณาติดต่อฝ่ายบุคคลหรือผู้ดูแลระบบ
      </Text>
    </Alert>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
