import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import AuditPage from "./admin.audit";

test("the filters: the CSV link carries them, and picking one admin asks for actor=admin&actor_id from page 1", async () => {
  const asked: string[] = [];
  const Stub = createRemixStub([
    {
      path: "/admin/audit",
      Component: () => (
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
            <AuditPage />
          </DatesProvider>
        </MantineProvider>
      ),
      loader: ({ request }) => {
        asked.push(new URL(request.url).search);
        return json({
          filter: { entity: "employee", from: "2026-11-01" },
          items: [],
          total: 0,
          page: 1,
          page_size: 20,
          admins: [{ id: 3, name: "สมหญิง ผู้ดูแล (somying)" }],
        });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/audit?entity=employee&from=2026-11-01&page=2"]} />);

  expect(await screen.findByText("ไม่พบประวัติตามตัวกรองนี้")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "ส่งออก CSV" })).toHaveAttribute("href", "/api/audit?format=csv&entity=employee&from=2026-11-01");

  const user = userEvent.setup();
  await user.click(screen.getByRole("textbox", { name: "ผู้ทำ" }));
  await user.click(await screen.findByRole("option", { name: "สมหญิง ผู้ดูแล (somying)" }));
  await waitFor(() => expect(asked.at(-1)).toBe("?entity=employee&from=2026-11-01&actor=admin&actor_id=3"));
});
