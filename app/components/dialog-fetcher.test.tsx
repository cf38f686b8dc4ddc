import { MantineProvider, TextInput } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { DialogButtons } from "./DialogButtons";
import { dialogErrors, useDialogFetcher, useDialogForm, useSubmitGuard, type DialogFetcher, type DialogResult } from "./dialog-fetcher";

const ANSWERS: Record<string, () => Response> = {
  broken: () => json({ ok: false, error: "บันทึกไม่สำเร็จ", fields: {} }, { status: 404 }),
  invalid: () => json({ ok: false, error: "กรุณาตรวจสอบข้อมูล", fields: { name: "กรุณากรอกชื่อ" } }, { status: 400 }),
  fine: () => json({ ok: true, message: "บันทึกแล้ว" }),
};

function Dialogs({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const form = useDialogFetcher<DialogResult>("test-dialog", () => {
    onDone();
    setOpen(null);
  });
  const { fields, error, busy } = dialogErrors(form.fetcher);
  return (
    <>
      {Object.keys(ANSWERS).map((which) => (
        <button
          key={which}
          type="button"
          onClick={() => {
            form.renew();
            setOpen(which);
          }}
        >
          open {which}
        </button>
      ))}
      {open ? (
        <form.fetcher.Form method="post" aria-label={`dialog ${open}`}>
          <input type="hidden" name="which" value={open} />
          {error ? <p role="alert">{error}</p> : null}
          {fields.name ? <p>field: {fields.name}</p> : null}
          <button type="submit" disabled={busy}>
            send
          </button>
        </form.fetcher.Form>
      ) : null}
    </>
  );
}

function renderDialogs() {
  const onDone = vi.fn();
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <Dialogs onDone={onDone} />
        </MantineProvider>
      ),
      action: async ({ request }) => ANSWERS[String((await request.formData()).get("which"))](),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { onDone };
}

describe("useDialogFetcher", () => {
  test("a failure stays in its dialog and is gone when the next dialog opens", async () => {
    const user = userEvent.setup();
    const { onDone } = renderDialogs();
    await user.click(await screen.findByRole("button", { name: "open broken" }));
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("บันทึกไม่สำเร็จ");

    await user.click(screen.getByRole("button", { name: "open fine" }));
    expect(screen.getByRole("form", { name: "dialog fine" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  test("field messages go to their fields, not to the general message", async () => {
    const user = userEvent.setup();
    renderDialogs();
    await user.click(await screen.findByRole("button", { name: "open invalid" }));
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByText("field: กรุณากรอกชื่อ")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  test("success shows the action's message as a toast and calls onDone once", async () => {
    const user = userEvent.setup();
    const { onDone } = renderDialogs();
    await user.click(await screen.findByRole("button", { name: "open fine" }));
    await user.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByText("บันทึกแล้ว")).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});

describe("useDialogForm", () => {
  function Editor({ fetcher }: { fetcher: DialogFetcher }) {
    const { fields, busy, formProps } = useDialogForm(fetcher);
    return (
      <fetcher.Form method="post" aria-label="editor" noValidate {...formProps}>
        <TextInput name="code" label="รหัส" error={fields.code} />
        <TextInput name="name" label="ชื่อ" error={fields.name} />
        <DialogButtons busy={busy} onClose={() => {}} submit="บันทึก" />
      </fetcher.Form>
    );
  }

  function renderEditor(action: () => Promise<Response>) {
    const Page = () => {
      const form = useDialogFetcher<DialogResult>("editor", () => {});
      return <Editor fetcher={form.fetcher} />;
    };
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <MantineProvider env="test">
            <Notifications />
            <Page />
          </MantineProvider>
        ),
        action,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
  }

  test("three quick submits post once, and บันทึก is disabled and loading until the answer", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const action = vi.fn(async () => {
      await answered;
      return json({ ok: true, message: "บันทึกแล้ว" });
    });
    renderEditor(action);
    const form = await screen.findByRole("form", { name: "editor" });
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    const save = screen.getByRole("button", { name: "บันทึก" });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute("data-loading", "true");
    expect(screen.getByRole("button", { name: "ยกเลิก" })).toBeDisabled();
    release();
    expect(await screen.findByText("บันทึกแล้ว")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "บันทึก" })).toBeEnabled());
    expect(action).toHaveBeenCalledTimes(1);
  });

  test("a field's error goes away when that field changes, and only that field's", async () => {
    const user = userEvent.setup();
    renderEditor(async () =>
      json({ ok: false, error: "ข้อมูลไม่ถูกต้อง", fields: { code: "กรุณากรอกรหัส", name: "กรุณากรอกชื่อ" } }, { status: 400 }),
    );
    await user.click(await screen.findByRole("button", { name: "บันทึก" }));
    expect(await screen.findByText("กรุณากรอกรหัส")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "รหัส" })).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByRole("textbox", { name: "รหัส" }), "E001");
    expect(screen.queryByText("กรุณากรอกรหัส")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "รหัส" })).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("กรุณากรอกชื่อ")).toBeInTheDocument();

    // The next answer shows its own errors again.
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(screen.getByText("กรุณากรอกรหัส")).toBeInTheDocument());
  });
});

describe("useSubmitGuard", () => {
  test("a submission whose states were never rendered (idle, then a new answer) still releases the guard", () => {
    const { result, rerender } = renderHook(({ state, data }: { state: DialogFetcher["state"]; data: unknown }) => useSubmitGuard(state, data), {
      initialProps: { state: "idle" as DialogFetcher["state"], data: undefined as unknown },
    });
    act(() => {
      expect(result.current.claim()).toBe(true);
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.claim()).toBe(false);
    rerender({ state: "idle", data: undefined });
    expect(result.current.busy).toBe(true);
    rerender({ state: "idle", data: { ok: true, message: "บันทึกแล้ว" } });
    expect(result.current.busy).toBe(false);
    act(() => {
      expect(result.current.claim()).toBe(true);
    });
  });
});
