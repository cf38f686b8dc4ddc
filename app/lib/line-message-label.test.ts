import { describeMessage, summarizeFlex } from "./line-message-label";

const row = (label: string, value: string) => ({
  type: "box",
  layout: "baseline",
  contents: [
    { type: "text", text: label },
    { type: "text", text: value },
  ],
});

const bubble = (title: string, rows: unknown[]) => ({
  type: "bubble",
  header: { type: "box", layout: "vertical", contents: [{ type: "text", text: title }] },
  body: { type: "box", layout: "vertical", contents: rows },
  footer: { type: "box", layout: "vertical", contents: [{ type: "button", action: { type: "uri", label: "เปิด", uri: "https://liff.line.me/x" } }] },
});

describe("summarizeFlex", () => {
  test("the altText, the header's title and one line per label/value row", () => {
    const message = { type: "flex", altText: "คำขอลาใหม่", contents: bubble("คำขอลาใหม่", [row("พนักงาน", "สมชาย (E001)"), { type: "text", text: "  " }, row("ประเภท", "ลากิจ")]) };
    expect(summarizeFlex(message)).toEqual({ altText: "คำขอลาใหม่", lines: ["คำขอลาใหม่", "พนักงาน: สมชาย (E001)", "ประเภท: ลากิจ"], more: 0 });
  });

  test("a carousel: its first bubble and how many more", () => {
    const message = { type: "flex", altText: "สรุป", contents: { type: "carousel", contents: [bubble("วันนี้", [row("มา", "10")]), bubble("ตู้", [])] } };
    expect(summarizeFlex(message)).toEqual({ altText: "สรุป", lines: ["วันนี้", "มา: 10"], more: 1 });
  });

  test("null for other types; a malformed card gives no lines rather than failing", () => {
    expect(summarizeFlex({ type: "text", text: "x" })).toBeNull();
    expect(summarizeFlex({ type: "flex", altText: "a", contents: "oops" })).toEqual({ altText: "a", lines: [], more: 0 });
    expect(describeMessage({ type: "flex", altText: "a" })).toBe("[a]");
  });
});
