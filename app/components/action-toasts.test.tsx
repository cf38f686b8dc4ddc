import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useActionToasts, type ActionAnswer } from "./action-toasts";

type Answer = ActionAnswer & { intent?: string; data?: { code: string } };

function Row({ onSuccess }: { onSuccess: (data: Answer) => void }) {
  const fetcher = useFetcher<Answer>({ key: "row" });
  useActionToasts(fetcher, { onSuccess });
  return (
    <>
      <button type="button" onClick={() => fetcher.submit({ which: "fine" }, { method: "post" })}>
        fine
      </button>
      <button type="button" onClick={() => fetcher.submit({ which: "broken" }, { method: "post" })}>
        broken
      </button>
    </>
  );
}

test("success: the action's message as a toast and onSuccess with its data; failure: a red toast, no onSuccess", async () => {
  const onSuccess = vi.fn();
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <Row onSuccess={onSuccess} />
        </MantineProvider>
      ),
      action: async ({ request }) =>
        (await request.formData()).get("which") === "fine"
          ? json({ ok: true, intent: "issue-code", message: "ออกรหัสแล้ว", data: { code: "123456" } })
          : json({ ok: false, error: "ไม่พบข้อมูล", fields: {} }, { status: 404 }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "fine" }));
  expect(await screen.findByText("ออกรหัสแล้ว")).toBeInTheDocument();
  await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  expect(onSuccess.mock.calls[0][0]).toMatchObject({ intent: "issue-code", data: { code: "123456" } });

  await user.click(screen.getByRole("button", { name: "broken" }));
  expect(await screen.findByText("ไม่พบข้อมูล")).toBeInTheDocument();
  expect(screen.getByText("ไม่สำเร็จ")).toBeInTheDocument();
  expect(onSuccess).toHaveBeenCalledTimes(1);
});

test("a row that the reload removes still toasts its success (the answer arrives before the reload ends)", async () => {
  let decided = false;
  function Queue() {
    const data = useLoaderData<{ decided: boolean }>();
    return data.decided ? <p>คิวว่าง</p> : <Row onSuccess={() => {}} />;
  }
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <Queue />
        </MantineProvider>
      ),
      loader: () => json({ decided }),
      action: async () => {
        decided = true;
        return json({ ok: true, message: "ยอมรับการลงเวลาแล้ว" });
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await userEvent.setup().click(await screen.findByRole("button", { name: "fine" }));
  expect(await screen.findByText("คิวว่าง")).toBeInTheDocument();
  expect(await screen.findByText("ยอมรับการลงเวลาแล้ว")).toBeInTheDocument();
});
