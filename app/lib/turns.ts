/**
 * At most `size` turns held at once, handed out in the order they were asked for: `take()`
 * resolves when the turn is the caller's, `give()` passes it to the next in line.
 */
export function turns(size: number) {
  let held = 0;
  const waiting: (() => void)[] = [];
  return {
    take(): Promise<void> {
      if (held < size) {
        held++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    give() {
      const next = waiting.shift();
      if (next) next();
      else held--;
    },
  };
}
