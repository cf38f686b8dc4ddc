import { Alert } from "~mantine-core/components/Alert/Alert";
import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Container } from "~mantine-core/components/Container/Container";
import { Group } from "~mantine-core/components/Group/Group";
import { Text } from "~mantine-core/components/Text/Text";
import IconChevronLeft from "@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs";
import { Link, Outlet, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { LiffConfigContext } from "./chat-confirm";
import { DemoBanner, SigningIn, useLiffSignIn } from "./LiffGate";

export const LIFF_HOME = "/employee";

// The linking page is where an unlinked user must stay; home would send them straight back.
const NO_HOME_LINK = new Set([LIFF_HOME, `${LIFF_HOME}/`, `${LIFF_HOME}/verify`]);

/** "‹ หน้าหลัก" above every employee sub-page: a LIFF window has no address bar to go back with. */
export function LiffHomeLink() {
  const { pathname } = useLocation();
  if (NO_HOME_LINK.has(pathname)) return null;
  return (
    <Anchor component={Link} to={LIFF_HOME} c="dimmed" fz="sm" mb="sm" display="inline-block">
      <Group gap={4} component="span">
        <IconChevronLeft size={18} />
        หน้าหลัก
      </Group>
    </Anchor>
  );
}

/** The spec's client layout (empty header and footer, main ≥ 80vh) around the LIFF sign-in. */
export function LiffLayout(props: { demo: boolean; liffId: string | null; signedIn: boolean; resigned: boolean }) {
  const { run, error } = useLiffSignIn(props);
  const { liffId, demo } = props;
  const liffConfig = useMemo(() => ({ liffId, demo }), [liffId, demo]);
  return (
    <LiffConfigContext.Provider value={liffConfig}>
      <header>{props.demo ? <DemoBanner onSwitch={run} /> : null}</header>
      <main className="client-main">
        <Container size="xs" py="md">
          {!props.signedIn ? (
            <SigningIn error={error} onRetry={run} />
          ) : props.resigned ? (
            <ResignedNotice />
          ) : (
            <>
              <LiffHomeLink />
              <Outlet />
            </>
          )}
        </Container>
      </main>
      <footer />
    </LiffConfigContext.Provider>
  );
}

/** A former employee's LINE account stays linked for the record, but opens nothing. */
function ResignedNotice() {
  return (
    <Alert color="gray" title="บัญชีนี้ไม่สามารถใช้งานระบบได้แล้ว" role="status" data-testid="resigned-notice">
      <Text fz="sm">
        บัญชี LINE นี้เชื่อมกับพนักงานที่ลาออกแล้ว จึงไม่สามารถลงเวลา ขอลางาน หรือส่งรายงานได้
        หากคุณยังทำงานอยู่หรือข้อมูลไม่ถูกต้อง กรุณาติดต่อฝ่ายบุคคลหรือผู้ดูแลระบบ
      </Text>
    </Alert>
  );
}

/** Errors on the employee pages: Thai text and a way back to the employee home, not the admin's. */
export function LiffErrorBoundary() {
  return <GeneralErrorBoundary homeHref={LIFF_HOME} homeLabel="กลับหน้าหลัก" />;
}
