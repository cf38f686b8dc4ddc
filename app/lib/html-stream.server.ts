import { Transform } from "node:stream";

/**
 * The pipe React's HTML goes through: drops NUL bytes. React 18.3's Node renderer sends a whole
 * 2 KB chunk, unwritten zero bytes included, when a multi-byte character (all Thai text) does not
 * fit its end (react/react#31134), which shows as "��" inside words. U+0000 is never part of an
 * HTML page and 0x00 is never part of another character's UTF-8 bytes, so removing them is exact.
 */
export function htmlBody() {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
