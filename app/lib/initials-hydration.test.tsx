import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { initials } from "./initials";

// Plain markup: Mantine's layout effects warn under renderToString in jsdom.
function Tree({ name }: { name: string }) {
  return <span className="avatar">{initials(name)}</span>;
}

test("an avatar of a name starting with an emoji hydrates without a mismatch", async () => {
  const name = "😀สมชาย";
  // The page travels as UTF-8, which cannot carry half a surrogate pair (it arrives as U+FFFD).
  const html = new TextDecoder().decode(new TextEncoder().encode(renderToString(<Tree name={name} />)));
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Tree name={name} />, { onRecoverableError: (error) => void recoverable.push(error) });
  });
  expect(recoverable).toEqual([]);
  expect(container).toHaveTextContent("😀");
  container.remove();
});
