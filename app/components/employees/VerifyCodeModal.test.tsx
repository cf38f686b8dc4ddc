import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { qrSvg } from "~/lib/qr.server";
import { VerifyCodeModal } from "./VerifyCodeModal";

const LINK = "https://liff.line.me/1234567890-abcdefgh/verify";

async function renderIssued() {
  const issued = { name: "นายสมชาย ใจดี", code: "042917", expires_at: "2026-11-30T03:00:00.000Z", link: LINK, qr_svg: await qrSvg(LINK) };
  render(
    <MantineProvider>
      <VerifyCodeModal issued={issued} onClose={() => {}} />
    </MantineProvider>,
  );
}

const writeText = vi.fn((text: string) => Promise.resolve(text && undefined));
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});

test("the code, the link and a QR code of the link, each ready to hand over", async () => {
  await renderIssued();
  expect(await screen.findByTestId("verify-code")).toHaveTextContent("042917");
  expect(screen.getByTestId("verify-link")).toHaveAttribute("href", LINK);
  const qr = screen.getByRole("img", { name: "QR code ของลิงก์เชื่อมบัญชี" });
  const svg = qr.querySelector("svg");
  expect(svg).not.toBeNull();
  expect(svg?.querySelectorAll("path").length).toBeGreaterThan(0);
  expect(qr.querySelector("script")).toBeNull();
});

test("copy buttons put the code and the link on the clipboard", async () => {
  await renderIssued();
  await act(async () => fireEvent.click(await screen.findByRole("button", { name: "คัดลอกรหัส" })));
  expect(writeText).toHaveBeenLastCalledWith("042917");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "คัดลอกลิงก์" })));
  expect(writeText).toHaveBeenLastCalledWith(LINK);
});
