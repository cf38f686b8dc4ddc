import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { ThaiDatesProvider } from "./ThaiDatesProvider";

/**
 * Confirm dialogs, toasts and Thai date pickers for the back office. Given by the admin layout
 * rather than the root: the three packages import Mantine's whole barrel, and the employee pages
 * in LINE use none of them.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <ThaiDatesProvider>
      <ModalsProvider labels={{ confirm: "ยืนยัน", cancel: "ยกเลิก" }} modalProps={{ zIndex: 1150 }}>
        {/* Away from the header, where the admin's avatar menu is. */}
        <Notifications position="bottom-right" zIndex={1200} />
        {children}
      </ModalsProvider>
    </ThaiDatesProvider>
  );
}
