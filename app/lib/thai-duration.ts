/** A span of seconds in Thai words, to the minute ("ไม่ถึง 1 นาที", "12 นาที", "2 ชั่วโมง 5 นาที", "3 วัน 4 ชั่วโมง"). */
export function formatSecondsThai(seconds: number) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return "ไม่ถึง 1 นาที";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} วัน ${hours} ชั่วโมง` : `${days} วัน`;
  if (hours > 0) return rest > 0 ? `${hours} ชั่วโมง ${rest} นาที` : `${hours} ชั่วโมง`;
  return `${rest} นาที`;
}
