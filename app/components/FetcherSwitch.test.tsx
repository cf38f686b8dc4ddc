import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FetcherSwitch } from "./FetcherSwitch";

test("posts its fields and the new value, and shows the new value before the answer", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  let answer: () => void = () => {};
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <FetcherSwitch fetcherKey="row-7" checked={false} label="แจ้งเตือนการลา กลุ่มทดสอบ" fields={{ intent: "flag", id: "7", flag: "notify_leave" }} />
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        await new Promise<void>((resolve) => (answer = resolve));
        return json({ ok: true });
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const box = await screen.findByRole("switch", { name: "แจ้งเตือนการลา กลุ่มทดสอบ" });
  expect(box).not.toBeChecked();
  await userEvent.setup().click(box);
  await waitFor(() => expect(posted).toEqual([{ intent: "flag", id: "7", flag: "notify_leave", value: "true" }]));
  expect(box).toBeChecked();
  answer();
});
