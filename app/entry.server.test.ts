import type { AppLoadContext, EntryContext } from "@remix-run/node";
import handleRequest from "./entry.server";
import { PAGE_RENDERS_AT_ONCE, pageRenders } from "./lib/page-renders.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Takes one render slot until the returned function is called. */
function holdSlot() {
  let release!: () => void;
  const done = pageRenders(() => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => release(), done };
}

test("a page waits for a free render slot, and a render that fails gives its slot back", async () => {
  const holds = Array.from({ length: PAGE_RENDERS_AT_ONCE }, holdSlot);
  await tick();
  expect(pageRenders.activeCount).toBe(PAGE_RENDERS_AT_ONCE);

  const settled = vi.fn();
  // A context React cannot render: the render fails at once, once it is let in.
  const page = handleRequest(new Request("http://tn.local/admin"), 200, new Headers(), {} as EntryContext, {} as AppLoadContext)
    .catch((error: unknown) => error)
    .then(settled);
  await tick();
  expect(settled).not.toHaveBeenCalled();
  expect(pageRenders.pendingCount).toBe(1);

  holds[0].release();
  await page;
  expect(settled.mock.calls[0][0]).toBeInstanceOf(Error);
  await tick();
  expect(pageRenders.activeCount).toBe(PAGE_RENDERS_AT_ONCE - 1);

  holds.slice(1).forEach((h) => h.release());
  await Promise.all(holds.map((h) => h.done));
  expect(pageRenders.activeCount).toBe(0);
  expect(pageRenders.pendingCount).toBe(0);
});
