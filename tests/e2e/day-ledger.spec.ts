// The day ledger seen whole (issue 35, ADR 043): a company holiday the admin adds in the holiday
// tab on a day the employee worked 10:00–15:00, and an approved morning half-day leave with no
// check-in on the next working day, each read the same way in the daily view, the monthly sheet,
// the range CSV and the monthly CSV; the daily and monthly pages at 390 px as well.
import type { Locator, Page } from "@playwright/test";
import { downloadText, expect, expectNoSidewaysScroll, login, test, thaiShort, withServerDatabase } from "./fixtures";
import { createEmployeeViaApi, thaiDay, uniqueThai, type NewEmployee } from "./employee-helpers";

test.describe.configure({ timeout: 120_000 });

const DAY_MS = 86_400_000;
const bangkokDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(ms);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
/** An instant of a date's wall clock in Bangkok (the e2e server's APP_TIMEZONE). */
const bangkokAt = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Settings = { work_days: number[]; work_start: string; break_start: string; break_end: string; work_end: string; attendance_start: string };

async function holidayDates(page: Page, years: number[]) {
  const dates = new Set<string>();
  for (const year of years) {
    const response = await page.request.get(`/api/holiday?year=${year}`);
    expect(response.status(), await response.text()).toBe(200);
    for (const h of ((await response.json()) as { items: { date: string }[] }).items) dates.add(h.date);
  }
  return dates;
}

/**
 * The last two working days before today (Bangkok), D1 < D2, neither a holiday: whatever lies
 * between them is a day off or a holiday.
 */
async function lastTwoWorkingDays(page: Page, workDays: number[]): Promise<[string, string]> {
  const today = bangkokDate(Date.now());
  const year = Number(today.slice(0, 4));
  const holidays = await holidayDates(page, [year - 1, year]);
  const found: string[] = [];
  for (let date = addDays(today, -1); found.length < 2; date = addDays(date, -1)) {
    if (workDays.includes(isoWeekday(date)) && !holidays.has(date)) found.push(date);
  }
  return [found[1], found[0]];
}

/** A CSV with its UTF-8 BOM as rows of cells (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), "the CSV starts with a BOM").toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The CSV's rows as header → cell records. */
function csvRecords(text: string) {
  const [header, ...rows] = parseCsv(text);
  return { header, records: rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]))) };
}

/** A Thai date picker's day, paging back from the month it opens on (both uses pick a day before it). */
async function pickPastDay(page: Page, scope: Locator, field: string, date: string) {
  await scope.getByRole("button", { name: field }).click();
  const dropdown = page.locator("[data-dates-dropdown]");
  await expect(dropdown).toBeVisible();
  const day = dropdown.getByRole("button", { name: thaiDay(date, "long"), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await dropdown.locator('button[data-direction="previous"]').click();
  }
  await day.click();
  await expect(dropdown).toBeHidden();
}

/** The daily view of `date` narrowed to the employee with the search box (retyped until the page has hydrated). */
async function dailyRow(page: Page, date: string, employee: NewEmployee) {
  await page.goto(`/admin/checkin-out?date=${date}`);
  const search = page.getByRole("textbox", { name: "ค้นหาชื่อหรือรหัสพนักงาน" });
  await expect(async () => {
    await search.fill("");
    await search.fill(employee.code);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${employee.code}(&|$)`), { timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  const row = page.getByTestId("daily-row").filter({ hasText: employee.code });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("daily-row")).toHaveCount(1);
  return row;
}

/** The text of a daily row's cell under the column headed `header`. */
async function dailyCell(page: Page, row: Locator, header: string) {
  const heads = await page.locator("table:has([data-testid=daily-row]) thead th").allInnerTexts();
  const index = heads.findIndex((h) => h.trim() === header);
  expect(index, `no column ${header} in ${heads.join(" | ")}`).toBeGreaterThanOrEqual(0);
  return (await row.locator("td").nth(index).innerText()).trim();
}

/**
 * The employee's row of the month's sheet (`monthly-row`, or `monthly-card` on a phone), following
 * the next-page links (50 employees a page).
 */
async function monthlyRow(page: Page, month: string, code: string, testId = "monthly-row") {
  await page.goto(`/admin/checkin-out?tab=monthly&month=${month}`);
  const row = page.getByTestId(testId).filter({ hasText: code });
  for (let pageNo = 1; ; pageNo++) {
    await expect(page.getByTestId(testId).first()).toBeVisible();
    if ((await row.count()) > 0) return row;
    const next = page.getByRole("link", { name: "หน้าถัดไป" });
    expect(await next.count(), `${code} is on none of the ${pageNo} page(s) of ${month}`).toBe(1);
    const before = page.url();
    await next.click();
    await page.waitForURL((url) => url.href !== before);
  }
}

type Totals = Record<string, string>;

/** A sheet row's day codes by date and its totals by column heading. */
async function readMonthlyRow(page: Page, month: string, row: Locator) {
  const heads = (await page.locator("table.monthly-sheet thead th").allInnerTexts()).map((h) => h.trim());
  const cells = (await row.locator("td").allInnerTexts()).map((c) => c.trim());
  expect(cells).toHaveLength(heads.length);
  const days: Record<string, string> = {};
  const totals: Totals = {};
  heads.forEach((head, i) => {
    if (i === 0) return;
    const day = /^(\d{1,2})\n/.exec(head);
    if (day) days[`${month}-${day[1].padStart(2, "0")}`] = cells[i];
    else totals[head] = cells[i];
  });
  return { days, totals };
}

/** Every date of a month (YYYY-MM). */
function monthDates(month: string) {
  const dates: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) dates.push(d);
  return dates;
}

test("a holiday worked and a half-day leave with no show read the same in the daily view, the monthly sheet and both CSVs", async ({ page }, testInfo) => {
  await login(page, "/admin/checkin-out");
  const { settings } = (await (await page.request.get("/api/settings")).json()) as { settings: Settings };
  const [d1, d2] = await lastTwoWorkingDays(page, settings.work_days);
  const months = [...new Set([d1.slice(0, 7), d2.slice(0, 7)])];

  // Attendance counts from the first of D1's month (an earlier start, set by another journey, is kept).
  const start = `${d1.slice(0, 7)}-01`;
  if (!settings.attendance_start || settings.attendance_start > start) {
    const saved = await page.request.put("/api/settings", { data: { attendance_start: start } });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  // On the staff from D1 and resigned the day after D2: the months' totals are these two days'
  // alone, whatever the clock says about today or the working days after D2.
  const employee = await createEmployeeViaApi(page, "DL", { start_date: d1 });
  const resigned = await page.request.post(`/api/employee/${employee.id}/resign`, { data: { resign_date: addDays(d2, 1) } });
  expect(resigned.status(), await resigned.text()).toBe(200);

  // D1: in at 10:00, out at 15:00. D2: an approved morning sick leave (ลาป่วย ครึ่งวันเช้า), no
  // check-in. Both are past-dated, which no admin screen writes, so they go straight into the
  // server's database. An input changed behind the app's back reaches the ledger as a missing date
  // does: the same transaction drops the dates' ledger_dates marks, and the next reader fills them
  // again from the inputs.
  withServerDatabase((db) =>
    db.transaction(() => {
      db.prepare(
        `INSERT INTO attendance (employee_id, work_date, checkin_at, checkout_at, checkin_review, checkout_review)
         VALUES (?, ?, ?, ?, 'none', 'none')`,
      ).run(employee.id, d1, bangkokAt(d1, "10:00"), bangkokAt(d1, "15:00"));
      db.prepare(
        `INSERT INTO leave_petitions (employee_id, type, start_date, end_date, half, days, year, reason, status, decided_at)
         VALUES (?, 2, ?, ?, 'morning', 0.5, ?, 'ไปหาหมอตอนเช้า', 2, ?)`,
      ).run(employee.id, d2, d2, Number(d2.slice(0, 4)), Date.now());
      db.prepare("DELETE FROM ledger_dates WHERE work_date IN (?, ?)").run(d1, d2);
    })(),
  );

  const late = minutesOf("10:00") - minutesOf(settings.work_start);
  const early = minutesOf(settings.work_end) - minutesOf("15:00");
  const lunch = Math.max(0, Math.min(minutesOf("15:00"), minutesOf(settings.break_end)) - Math.max(minutesOf("10:00"), minutesOf(settings.break_start)));
  const holidayWork = Math.min(minutesOf("15:00"), minutesOf(settings.work_end)) - Math.max(minutesOf("10:00"), minutesOf(settings.work_start)) - lunch;

  await test.step("before the holiday, D1 is a late day with an early leave", async () => {
    const row = await dailyRow(page, d1, employee);
    await expect(row).toContainText("มาสาย");
    await expect(row).toContainText(`สาย ${late} นาที, ออกก่อนเวลา ${early} นาที`);
    expect(await dailyCell(page, row, "สาย/ก่อน (นาที)")).toBe(`${late} / ${early}`);
  });

  // D1 is now filled (the read above): the holiday's own write must recompute its row.
  const holidayName = `วันหยุดบริษัท${uniqueThai(4)}`;
  await test.step("the admin adds a company holiday on D1 in the holiday tab", async () => {
    await page.goto(`/admin/leave-work?tab=holidays&year=${d1.slice(0, 4)}`);
    const dialog = page.getByRole("dialog", { name: "เพิ่มวันหยุด" });
    await expect(async () => {
      await page.getByRole("button", { name: "เพิ่มวันหยุด" }).click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await pickPastDay(page, dialog, "วันที่", d1);
    await dialog.getByRole("textbox", { name: "ชื่อวันหยุด" }).fill(holidayName);
    await dialog.getByRole("button", { name: "เพิ่มวันหยุด" }).click();
    await expect(page.getByText(`เพิ่มวันหยุด "${holidayName}" แล้ว`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("holiday-row").filter({ hasText: holidayName })).toContainText(thaiDay(d1, "long"));
  });

  await test.step("daily view: D1 worked on the holiday without lateness; D2 half leave, half absent", async () => {
    const row1 = await dailyRow(page, d1, employee);
    expect(await dailyCell(page, row1, "สถานะ")).toBe(`มาทำงาน\nทำงานวันหยุด: ${holidayName}`);
    expect(await dailyCell(page, row1, "สาย/ก่อน (นาที)")).toBe("0 / 0");
    expect(await dailyCell(page, row1, "เข้า")).toContain("10:00");
    expect(await dailyCell(page, row1, "ออก")).toContain("15:00");

    const row2 = await dailyRow(page, d2, employee);
    expect(await dailyCell(page, row2, "สถานะ")).toBe("ขาดงาน\nลาครึ่งวันเช้า (ลาป่วย), ขาดงานครึ่งวันบ่าย");
    expect(await dailyCell(page, row2, "สาย/ก่อน (นาที)")).toBe("–");
  });

  await test.step("monthly sheet: ม on D1, ล½/ข½ on D2, and the totals count half a day of each", async () => {
    for (const month of months) {
      const row = await monthlyRow(page, month, employee.code);
      const { days, totals } = await readMonthlyRow(page, month, row);
      // Blank outside the staff span, ห for the days off between the two days.
      const expected = Object.fromEntries(
        monthDates(month).map((date) => [date, date === d1 ? "ม" : date === d2 ? "ล½/ข½" : date > d1 && date < d2 ? "ห" : ""]),
      );
      expect(days).toEqual(expected);
      const hasD1 = d1.startsWith(month);
      const hasD2 = d2.startsWith(month);
      expect(totals).toEqual({
        "มาทำงาน (วัน)": hasD1 ? "1" : "0",
        "สาย (ครั้ง)": "0",
        "สาย (นาที)": "0",
        "ออกก่อน (ครั้ง)": "0",
        "ขาด (วัน)": hasD2 ? "0.5" : "0",
        "ไม่ลงเวลาออก (ครั้ง)": "0",
        "ลา (วัน)": hasD2 ? "0.5" : "0",
        // D1's 10:00–15:00 on the holiday, within the hours and less the break, is holiday work.
        "ทำงานวันหยุด (ชม.)": hasD1 ? String(holidayWork / 60) : "0",
        "โอที 1.5 เท่า (ชม.)": "0",
        "โอที 3 เท่า (ชม.)": "0",
      });
    }
  });

  await test.step("range CSV from the daily tab: D1 present with no lateness, D2 half a day's leave and half an absence", async () => {
    await page.goto(`/admin/checkin-out?date=${d2}`);
    await page.getByRole("button", { name: "ส่งออก CSV" }).click();
    const form = page.getByRole("form", { name: "ส่งออกการลงเวลาเป็น CSV" });
    await expect(form).toBeVisible();
    // The form starts on the first of D2's month: D1 may be in the month before.
    if (d1 < `${d2.slice(0, 7)}-01`) await pickPastDay(page, form, "ตั้งแต่วันที่", d1);
    const text = await downloadText(page, () => form.getByRole("button", { name: "ดาวน์โหลด CSV" }).click(), testInfo.outputPath("range.csv"));
    const { records } = csvRecords(text);
    const mine = new Map(records.filter((r) => r["รหัสพนักงาน"] === employee.code).map((r) => [r["วันที่ (ค.ศ.)"], r]));
    // One row a date of the staff span, days without a record included.
    const span: string[] = [];
    for (let d = d1; d <= d2; d = addDays(d, 1)) span.push(d);
    expect([...mine.keys()].sort()).toEqual(span);

    expect(mine.get(d1)).toMatchObject({
      วันที่: thaiShort(d1),
      "ชื่อ-นามสกุล": employee.full_name,
      สถานะ: "มาทำงาน",
      เวลาเข้างาน: "10:00",
      เวลาออกงาน: "15:00",
      "สาย (นาที)": "0",
      "ออกก่อนเวลา (นาที)": "0",
      รายละเอียดสถานะ: `ทำงานวันหยุด: ${holidayName}`,
      "เวลาทำงานตามกำหนด (นาที)": "0",
      "เวลาทำงานจริง (นาที)": String(minutesOf("15:00") - minutesOf("10:00") - lunch),
      "ลา (วัน)": "0",
      "ขาดงาน (วัน)": "0",
    });
    expect(mine.get(d2)).toMatchObject({
      วันที่: thaiShort(d2),
      สถานะ: "ขาดงาน",
      เวลาเข้างาน: "",
      เวลาออกงาน: "",
      "สาย (นาที)": "0",
      "ออกก่อนเวลา (นาที)": "0",
      // The afternoon was to be worked.
      "เวลาทำงานตามกำหนด (นาที)": String(minutesOf(settings.work_end) - minutesOf(settings.break_end)),
      "เวลาทำงานจริง (นาที)": "0",
      รายละเอียดสถานะ: "ลาครึ่งวันเช้า (ลาป่วย), ขาดงานครึ่งวันบ่าย",
      ประเภทการลา: "ลาป่วย",
      ช่วงที่ลา: "ครึ่งวันเช้า",
      "ลา (วัน)": "0.5",
      "ขาดงาน (วัน)": "0.5",
    });
  });

  await test.step("monthly CSV: the same codes and totals", async () => {
    for (const month of months) {
      await page.goto(`/admin/checkin-out?tab=monthly&month=${month}`);
      const text = await downloadText(
        page,
        () => page.getByRole("link", { name: "ส่งออก CSV" }).click(),
        testInfo.outputPath(`monthly-${month}.csv`),
      );
      const { header, records } = csvRecords(text);
      const mine = records.filter((r) => r["รหัสพนักงาน"] === employee.code);
      expect(mine).toHaveLength(1);
      const column = (date: string) => {
        const name = header.find((h) => h.startsWith(`${thaiShort(date)} (`));
        expect(name, `no column for ${date} in ${header.join(" | ")}`).toBeDefined();
        return name!;
      };
      if (d1.startsWith(month)) expect(mine[0][column(d1)]).toBe("ม");
      if (d2.startsWith(month)) {
        expect(mine[0][column(d2)]).toBe("ล½/ข½");
        expect(mine[0]["ขาด (วัน)"]).toBe("0.5");
        expect(mine[0]["ลา (วัน)"]).toBe("0.5");
      }
    }
  });

  await test.step("at 390 px: the daily cards and the monthly card, no sideways scroll", async () => {
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/admin/checkin-out?date=${d1}&q=${employee.code}`);
    const card1 = page.getByTestId("daily-card").filter({ hasText: employee.code });
    await expect(card1).toHaveCount(1);
    await expect(card1).toContainText(`ทำงานวันหยุด: ${holidayName}`);
    await expect(card1).toContainText("0 / 0");
    await expectNoSidewaysScroll(page);

    await page.goto(`/admin/checkin-out?date=${d2}&q=${employee.code}`);
    const card2 = page.getByTestId("daily-card").filter({ hasText: employee.code });
    await expect(card2).toHaveCount(1);
    await expect(card2).toContainText("ลาครึ่งวันเช้า (ลาป่วย), ขาดงานครึ่งวันบ่าย");
    await expectNoSidewaysScroll(page);

    // The card lists the days that are not a plain ม, with the month's totals.
    const card = await monthlyRow(page, d2.slice(0, 7), employee.code, "monthly-card");
    await expect(card.getByText(`${Number(d2.slice(8))}: ล½/ข½`, { exact: true })).toBeVisible();
    await expect(card.getByText(new RegExp(`^${Number(d1.slice(8))}: `))).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  // The holiday was this journey's own: the suite's other journeys pick their days afresh.
  const removed = await page.request.delete(`/api/holiday/${d1}`);
  expect(removed.status(), await removed.text()).toBe(200);
});
