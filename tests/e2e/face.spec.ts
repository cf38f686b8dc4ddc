// Face registration on the phone (file fallback of the capture screen; the server computes the
// descriptor) and the admin's view and reset of the registered face.
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import {
  choosePhoto,
  createEmployeeViaApi,
  employeeRow,
  expectImageLoaded,
  freeDemoUser,
  issueCode,
  linkOnPhone,
  oneFaceJpeg,
  openPhone,
  rowMenu,
} from "./employee-helpers";

// The server loads its face models on the first photo (several seconds); the phone's pre-check
// asks the server (ADR 036), so the phone loads no face code and no models.
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const SERVER_NO_FACE = "ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน";

/** A plain grey photo-sized JPEG: nothing that looks like a face. */
async function greyJpeg(file: string) {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 200, b: 200 } } })
    .jpeg()
    .toFile(file);
  return file;
}

/** True when nothing covers the element's centre (e.g. another dialog above it). */
function isOnTop(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** On /employee/face: 'เลือกรูป' opens the file chooser; wait for the server's pre-check to finish. */
async function choosePhotoToSend(p: Page, file: string) {
  await choosePhoto(p, file);
  const send = p.getByRole("button", { name: "ใช้รูปนี้" });
  await expect(send).toBeEnabled();
  return send;
}

/**
 * Starts the server's face worker with the phone's session: a cold engine on a busy machine may
 * take longer than the pre-check waits (then it says nothing, by design), and this test is about
 * what it says.
 */
async function warmFaceEngine(p: Page, file: string) {
  await expect
    .poll(
      async () => {
        const response = await p.request.post("/api/emp/face/precheck", {
          multipart: { photo: { name: "grey.jpg", mimeType: "image/jpeg", buffer: await readFile(file) } },
        });
        return ((await response.json()) as { faces: number | null }).faces;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
}

test("register a face from a photo on the phone, then the admin sees it and resets it", async ({ page, browser }, testInfo) => {
  await login(page, "/admin/employee");
  const employee = await createEmployeeViaApi(page, "FACE");
  const code = await issueCode(page, employee);
  const photo = await oneFaceJpeg(testInfo.outputPath("one-face.jpg"));

  await freeDemoUser(page, "Udemo0004");
  const phone = await openPhone(browser, "Udemo0004");
  try {
    const p = phone.page;
    // The phone never fetches face models or face-api code: the pre-check is the server's.
    const faceCode: string[] = [];
    p.on("request", (request) => {
      if (/\/models\/|face-api/i.test(request.url())) faceCode.push(request.url());
    });
    await linkOnPhone(p, employee.code, code);

    const send = await choosePhotoToSend(p, photo);
    await expect(p.getByRole("main").getByRole("alert")).toHaveCount(0); // one face: nothing to say
    await send.click();
    await p.waitForURL(/\/employee\?face=registered$/, { timeout: 60_000 });
    await expect(p.getByRole("heading", { level: 2 })).toHaveText(`สวัสดี คุณ${employee.first_name}`);
    await expect(p.getByText("ยังไม่ได้ลงทะเบียนใบหน้า")).toHaveCount(0);
    // The home avatar is now the registered face, which the employee may load.
    const avatar = p.getByRole("main").locator("img").first();
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/employees\//);
    await expectImageLoaded(avatar);
    expect(faceCode).toEqual([]);

    // The admin confirms the new face once, in the review tab, beside the employee photo.
    await page.goto("/admin/checkin-out?tab=review");
    const section = page.getByRole("region", { name: "ใบหน้าที่ลงทะเบียนใหม่" });
    const card = section.getByTestId("face-review-card").filter({ hasText: employee.full_name });
    await expect(card).toBeVisible();
    await expectImageLoaded(card.getByRole("img", { name: "ใบหน้าที่ลงทะเบียน" }));
    await card.getByRole("button", { name: "ยืนยัน", exact: true }).click();
    await expect(page.getByText("ยืนยันใบหน้าแล้ว")).toBeVisible();
    await expect(card).toHaveCount(0);

    // The admin: the badge, the photo, and the reset.
    await page.goto("/admin/employee");
    const row = employeeRow(page, employee.code);
    await expect(row.getByText("ลงทะเบียนแล้ว", { exact: true })).toBeVisible();
    await expect(row.getByText("เชื่อมแล้ว", { exact: true })).toBeVisible();
    await rowMenu(page, employee.full_name, "ใบหน้าที่ลงทะเบียน");
    const faceDialog = page.getByRole("dialog", { name: "ใบหน้าที่ลงทะเบียน" });
    await expect(faceDialog).toBeVisible();
    const face = faceDialog.getByRole("img", { name: `ใบหน้าของ ${employee.full_name}` });
    await expect(face).toHaveAttribute("src", /^\/uploads\/employees\//);
    await expectImageLoaded(face);

    await faceDialog.getByRole("button", { name: "รีเซ็ตใบหน้า" }).click();
    const confirm = page.getByRole("dialog", { name: "รีเซ็ตใบหน้า" });
    await expect(confirm).toContainText(employee.full_name);
    const reset = confirm.getByRole("button", { name: "รีเซ็ต", exact: true });
    // The confirmation opens over the face dialog, so it must be on top of it to be clickable
    // (fails fast, with this message, instead of a click that waits out the test's timeout).
    await expect
      .poll(() => isOnTop(reset), {
        message: "the รีเซ็ตใบหน้า confirmation must sit above the ใบหน้าที่ลงทะเบียน dialog",
        timeout: 5_000,
      })
      .toBe(true);
    await reset.click();
    await expect(page.getByText("รีเซ็ตใบหน้าแล้ว")).toBeVisible();
    await expect(faceDialog).toBeHidden();
    await expect(row.getByText("ยังไม่ลงทะเบียน", { exact: true })).toBeVisible();

    // Back on the phone, the home page asks for a new face.
    await p.goto("/employee");
    await expect(p.getByText("ยังไม่ได้ลงทะเบียนใบหน้า")).toBeVisible();
    await expect(p.getByRole("link", { name: "ลงทะเบียนใบหน้าใหม่" })).toHaveAttribute("href", "/employee/face");
  } finally {
    await phone.close();
  }
});

test("a photo without a face: the server's pre-check says so in the registration's own words, and nothing is offered to send", async ({ page, browser }, testInfo) => {
  await login(page, "/admin/employee");
  const employee = await createEmployeeViaApi(page, "NOFACE");
  const code = await issueCode(page, employee);
  const grey = await greyJpeg(testInfo.outputPath("grey.jpg"));

  await freeDemoUser(page, "Udemo0005");
  const phone = await openPhone(browser, "Udemo0005");
  try {
    const p = phone.page;
    await linkOnPhone(p, employee.code, code);
    await warmFaceEngine(p, grey);

    await choosePhoto(p, grey);
    const refused = p.getByRole("main").getByRole("alert");
    await expect(refused).toHaveText(SERVER_NO_FACE);
    // The registration would refuse it with this same 422: no "send anyway".
    await expect(p.getByRole("button", { name: /^(ใช้รูปนี้|ส่งรูปนี้อยู่ดี)$/ })).toHaveCount(0);
    await expect(p.getByRole("button", { name: "ถ่ายใหม่" })).toBeEnabled(); // ready to try another photo
    await expect(p).toHaveURL(/\/employee\/face$/);
  } finally {
    await phone.close();
  }

  await page.reload();
  await expect(employeeRow(page, employee.code).getByText("ยังไม่ลงทะเบียน", { exact: true })).toBeVisible();
});
