const UNITS = ["ไบต์", "กิโลไบต์", "เมกะไบต์", "กิกะไบต์"] as const;

/** A file size in Thai units: 512 ไบต์, 1.5 กิโลไบต์, 12.3 เมกะไบต์ (powers of 1024, one decimal). */
export function formatBytesThai(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toLocaleString("th-TH", { maximumFractionDigits: 1 });
  return `${text} ${UNITS[unit]}`;
}
