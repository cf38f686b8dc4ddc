// A signed-in employee's page starts no LIFF SDK of its own (ADR 038): the share button is shown
// without it, and the SDK is fetched and asked on the tap. (share.test.tsx: once the SDK is up.)
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LiffConfigContext } from "./chat-confirm";
import { demoShareLog, liffStarted } from "./liff-client";
import * as share from "./share";
import { ShareButton } from "./ShareButton";

vi.mock("./share", async (importOriginal) => {
  const real = await importOriginal<typeof import("./share")>();
  return { ...real, canShare: vi.fn(real.canShare) };
});

const DEMO = { liffId: null, demo: true };
const card = () => share.shareCard({ title: "ลงเวลาเข้างาน", name: "นายสมชาย ใจดี", lines: ["เวลา 08:12 น."], color: "#1971C2" });

function renderButton() {
  return render(
    <MantineProvider env="test">
      <LiffConfigContext.Provider value={DEMO}>
        <ShareButton messages={card} />
      </LiffConfigContext.Provider>
    </MantineProvider>,
  );
}

// In this order: the first test needs an SDK nobody has started yet.
test("where LINE cannot open the picker, the tap says so and shares nothing", async () => {
  vi.mocked(share.canShare).mockResolvedValueOnce(false);
  renderButton();
  await userEvent.setup().click(screen.getByRole("button", { name: "แชร์ให้ทีม" }));
  expect(await screen.findByRole("status")).toHaveTextContent("แชร์จากที่นี่ไม่ได้");
  expect(screen.queryByRole("button", { name: "แชร์ให้ทีม" })).toBeNull();
  expect(demoShareLog).toEqual([]);
});

test("the button needs no SDK to be shown; the tap fetches it, asks it, and shares", async () => {
  renderButton();
  const button = screen.getByRole("button", { name: "แชร์ให้ทีม" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(liffStarted()).toBe(false);
  expect(share.canShare).toHaveBeenCalledTimes(1); // the first test's tap only

  await userEvent.setup().click(button);
  expect(await screen.findByRole("status")).toHaveTextContent("แชร์แล้ว");
  expect(liffStarted()).toBe(true);
  expect(demoShareLog).toEqual([card()]);
});
