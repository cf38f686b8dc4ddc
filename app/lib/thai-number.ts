// Number.prototype.toLocaleString builds a new Intl.NumberFormat on every call (tens of
// microseconds); a statistics table formats thousands of numbers per render.
const whole = new Intl.NumberFormat("th-TH");
const oneDecimal = new Intl.NumberFormat("th-TH", { maximumFractionDigits: 1 });

/** `1,234`: as `n.toLocaleString("th-TH")`. */
export const thaiNumber = (n: number) => whole.format(n);

/** `1,234.5`: as `n.toLocaleString("th-TH", { maximumFractionDigits: 1 })`. */
export const thaiDecimal = (n: number) => oneDecimal.format(n);
