import { turns } from "./turns";

test("at most `size` turns at once, handed to the waiting in the order they asked", async () => {
  const t = turns(2);
  const order: string[] = [];
  const ask = (name: string) => t.take().then(() => order.push(name));
  await Promise.all([ask("a"), ask("b")]);
  const c = ask("c");
  const d = ask("d");
  await new Promise((r) => setTimeout(r, 10));
  expect(order).toEqual(["a", "b"]);
  t.give();
  await c;
  expect(order).toEqual(["a", "b", "c"]);
  t.give();
  await d;
  expect(order).toEqual(["a", "b", "c", "d"]);
  t.give();
  t.give();
  t.give();
  await ask("e");
  await ask("f");
  expect(order.slice(4)).toEqual(["e", "f"]);
});
