import { Tooltip } from "@mantine/core";
import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

/** Why a control that calls LINE is disabled (the variable names are in the README, not here). */
export const LINE_OFF_HINT =
  "ใช้ไม่ได้เพราะยังไม่ได้ตั้งค่า LINE ของระบบ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าช่องทาง LINE ตามคู่มือ (README)";

/** What the admin layout's loader (routes/admin.tsx) tells every admin page. */
export type AdminLayoutData = { user: { username: string }; lineConfigured: boolean };

/** Whether this server can call LINE's bot API, from the admin layout's loader. */
export function useLineConfigured(): boolean {
  return useRouteLoaderData<AdminLayoutData>("routes/admin")?.lineConfigured ?? false;
}

/**
 * A control that calls LINE: rendered disabled, with a tooltip saying why, when LINE is not
 * configured. The wrapper takes the hover and focus a disabled button would not get.
 */
export function NeedsLine({
  configured,
  block = false,
  children,
}: {
  configured: boolean;
  block?: boolean;
  children: (disabled: boolean) => ReactNode;
}) {
  if (configured) return <>{children(false)}</>;
  return (
    <Tooltip label={LINE_OFF_HINT} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} style={{ display: block ? "block" : "inline-block" }} data-testid="needs-line">
        {children(true)}
      </span>
    </Tooltip>
  );
}
