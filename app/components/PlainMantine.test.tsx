import { fireEvent, render, screen } from "@testing-library/react";
import { PlainAvatar } from "./PlainMantine";

test("PlainAvatar shows the initials when its photo fails to load, and the photo again for a new one", () => {
  const { container, rerender } = render(
    <PlainAvatar src="/uploads/1/thumb" alt="" radius="xl">
      สม
    </PlainAvatar>,
  );
  const img = container.querySelector("img");
  expect(img?.getAttribute("src")).toBe("/uploads/1/thumb");
  expect(screen.queryByText("สม")).toBeNull();
  fireEvent.error(img!);
  expect(screen.getByText("สม")).toBeTruthy();
  expect(container.querySelector("img")).toBeNull();

  rerender(
    <PlainAvatar src="/uploads/2/thumb" alt="" radius="xl">
      สม
    </PlainAvatar>,
  );
  expect(container.querySelector("img")?.getAttribute("src")).toBe("/uploads/2/thumb");
});
