import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { DEMO_USERS } from "~/lib/demo-users";
import { DemoBanner } from "./LiffGate";
import { DEMO_USER_STORAGE_KEY } from "./liff-client";

afterEach(() => window.localStorage.clear());

test("the demo banner shows the stored LINE user and switches to the one picked", async () => {
  window.localStorage.setItem(DEMO_USER_STORAGE_KEY, DEMO_USERS[1].userId);
  const onSwitch = vi.fn();
  render(
    <MantineProvider>
      <DemoBanner onSwitch={onSwitch} />
    </MantineProvider>,
  );
  const picker = screen.getByRole("combobox", { name: "เลือกผู้ใช้ LINE ทดลอง" });
  expect(screen.getByRole("status")).toHaveTextContent("โหมดทดลอง — ยังไม่ได้เชื่อมต่อ LINE จริง");
  await vi.waitFor(() => expect(picker).toHaveValue(DEMO_USERS[1].userId));
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(
    DEMO_USERS.map((u) => `${u.displayName} (${u.userId})`),
  );

  fireEvent.change(picker, { target: { value: DEMO_USERS[3].userId } });
  expect(picker).toHaveValue(DEMO_USERS[3].userId);
  expect(window.localStorage.getItem(DEMO_USER_STORAGE_KEY)).toBe(DEMO_USERS[3].userId);
  expect(onSwitch).toHaveBeenCalledTimes(1);
});
