import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { SelfieCapture } from "./SelfieCapture";

const tree = (
  <MantineProvider env="test">
    <SelfieCapture onChange={() => {}} />
  </MantineProvider>
);

// The server-rendered half of this is SelfieCapture.ssr.test.ts (no window there, as on the server).
test("once mounted in the browser the camera and photo buttons are enabled", async () => {
  render(tree);
  expect(await screen.findByRole("button", { name: "เลือกรูป" })).toBeEnabled();
  expect(screen.getByRole("button", { name: "เปิดกล้อง" })).toBeEnabled();
});
