// The real LIFF SDK with the demo mock, as liff-demo.test.tsx: the share lands in demoShareLog.
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LiffConfigContext } from "./chat-confirm";
import { demoShareLog, initLiff } from "./liff-client";
import { ShareButton } from "./ShareButton";
import { canShare, shareCard, shareToChat } from "./share";

const DEMO = { liffId: null, demo: true };
const card = () => shareCard({ title: "อนุมัติการลา", name: "นายสมชาย ใจดี", lines: ["ลาพักร้อน", "2 มี.ค. 2569 – 3 มี.ค. 2569 · 2 วัน"], color: "#2F9E44" });

function renderButton(config: typeof DEMO | null) {
  return render(
    <MantineProvider env="test">
      <LiffConfigContext.Provider value={config}>
        <ShareButton messages={card} />
      </LiffConfigContext.Provider>
    </MantineProvider>,
  );
}

test("the card says who, what and when, in Thai, and nothing else", () => {
  const [message] = card();
  expect(message).toMatchObject({ type: "flex", altText: "นายสมชาย ใจดี อนุมัติการลา" });
  const texts = JSON.stringify(message).match(/"text":"[^"]*"/g);
  expect(texts).toEqual([
    '"text":"อนุมัติการลา"',
    '"text":"นายสมชาย ใจดี"',
    '"text":"ลาพักร้อน"',
    '"text":"2 มี.ค. 2569 – 3 มี.ค. 2569 · 2 วัน"',
  ]);
});

test("demo mode: the picker is available and a share is recorded", async () => {
  expect(await canShare(DEMO)).toBe(true);
  const before = demoShareLog.length;
  expect(await shareToChat(DEMO, card())).toBe("shared");
  expect(demoShareLog.slice(before)).toEqual([card()]);
});

test("the button shares and says so; a closed picker is not an error", async () => {
  renderButton(DEMO);
  const user = userEvent.setup();
  const before = demoShareLog.length;
  await user.click(await screen.findByRole("button", { name: "แชร์ให้ทีม" }));
  expect(await screen.findByRole("status")).toHaveTextContent("แชร์แล้ว");
  expect(demoShareLog.length).toBe(before + 1);

  const liff = await initLiff(DEMO);
  const picker = vi.spyOn(liff, "shareTargetPicker").mockResolvedValueOnce(undefined);
  try {
    await user.click(screen.getByRole("button", { name: "แชร์ให้ทีม" }));
    await vi.waitFor(() => expect(picker).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  } finally {
    picker.mockRestore();
  }
});

test("a failure says so in Thai", async () => {
  renderButton(DEMO);
  const liff = await initLiff(DEMO);
  const picker = vi.spyOn(liff, "shareTargetPicker").mockRejectedValueOnce(new Error("boom"));
  try {
    await userEvent.setup().click(await screen.findByRole("button", { name: "แชร์ให้ทีม" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("แชร์ไม่สำเร็จ");
  } finally {
    picker.mockRestore();
  }
});

test("no button where LINE cannot open the picker, or outside the employee pages", async () => {
  const liff = await initLiff(DEMO);
  const available = vi.spyOn(liff, "isApiAvailable").mockReturnValue(false);
  try {
    const { unmount } = renderButton(DEMO);
    await vi.waitFor(() => expect(available).toHaveBeenCalledWith("shareTargetPicker"));
    expect(screen.queryByRole("button", { name: "แชร์ให้ทีม" })).toBeNull();
    unmount();
  } finally {
    available.mockRestore();
  }
  renderButton(null);
  expect(screen.queryByRole("button", { name: "แชร์ให้ทีม" })).toBeNull();
});
