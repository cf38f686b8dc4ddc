import type { ReactNode } from "react";
import { PlainText } from "~/components/PlainMantine";

/** Whom a review card is about: the name, then code · position and what `children` add (" · a date"). */
export function EmployeeCaption({ employee, children }: { employee: { full_name: string; code: string; position: string }; children: ReactNode }) {
  return (
    <div>
      <PlainText fw={600}>{employee.full_name}</PlainText>
      <PlainText fz="xs" c="dimmed">
        {employee.code}
        {employee.position ? ` · ${employee.position}` : ""}
        {children}
      </PlainText>
    </div>
  );
}
