import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { PetitionView } from "./leave-labels";

export type Posted = Record<string, FormDataEntryValue>[];

/**
 * Renders leave UI under a stub page whose action records each post and answers `answer`, with
 * the quota API and the employee search stubbed (`searched` records each search's query string).
 */
export function renderLeave(
  ui: () => ReactNode,
  {
    posted = [],
    answer = { ok: true, message: "บันทึกแล้ว" },
    status = 200,
    url = "/admin/leave-work",
    quota,
    employees = [],
    searched = [],
  }: {
    posted?: Posted;
    answer?: Record<string, unknown>;
    status?: number;
    url?: string;
    quota?: unknown;
    employees?: { id: number; code: string; full_name: string }[];
    searched?: string[];
  } = {},
) {
  const Stub = createRemixStub([
    {
      path: "/admin/leave-work",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            {ui()}
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json(answer, { status });
      },
    },
    { path: "/api/leave/quota", loader: () => json(quota ?? {}) },
    {
      path: "/api/employee",
      loader: ({ request }) => {
        searched.push(new URL(request.url).search);
        return json({ items: employees, total: employees.length, page: 1, page_size: 20 });
      },
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

export const petition = (over: Partial<PetitionView> = {}): PetitionView => ({
  id: 7,
  employee_id: 5,
  type: 1,
  start_date: "2026-03-09",
  end_date: "2026-03-11",
  half: "full",
  days: 3,
  year: 2026,
  reason: "พาแม่ไปโรงพยาบาล",
  attachment_url: null,
  certificate_note: null,
  status: 1,
  decided_at: null,
  decision_note: null,
  cancelled_by: null,
  created_at: "2026-03-01T02:15:00.000Z",
  employee: { id: 5, code: "E0005", full_name: "นายสมชาย ใจดี" },
  ...over,
});
