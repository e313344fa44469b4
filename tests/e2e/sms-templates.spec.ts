/**
 * The owner's SMS texts (/admin/sms/templates) on a 360 px phone, with JavaScript on and off: the
 * owner switches "Order shipped" on and writes its Bangla text, whose length shows in SMS parts (with
 * JavaScript it follows the typing); an unknown placeholder is refused by name with everything typed
 * kept; the corrected text is saved. Every control is a thumb's size and axe finds nothing serious,
 * in English and in Bangla (the counts in Bengali digits); screenshots of both languages are saved
 * as artifacts (`sms-templates-<lang>-360.png`).
 */
import type { Locator, Page } from "@playwright/test";
import { hashPassword } from "../../app/server/auth/password.server";
import { scanPage, seriousViolations } from "./axe";
import { deleteAdmin, insertAdmin, withDb } from "./e2e-db";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

const PATH = "/admin/sms/templates";
const PASSWORD = "sms-texts-password-1234";

/** The event this spec changes: put back to "never saved" after each test. */
const forgetShipped = () => withDb((db) => db.prepare(`DELETE FROM SmsTemplate WHERE event = 'order-shipped'`).run());

test.beforeEach(forgetShipped);
test.afterEach(forgetShipped);

/** The "Order shipped" part of the form. */
const shipped = (page: Page) => page.getByRole("group", { name: "Order shipped" });

/** A text's length line ("72 characters · 2 SMS · Unicode"), the hint under its textarea. */
const lengthOf = (page: Page, field: string) => page.locator(`#${field}-hint`);

/** The number of characters a length line says. */
async function charactersIn(length: Locator): Promise<number> {
  return Number(/^(\d+) characters/.exec((await length.textContent()) ?? "")?.[1]);
}

test("the owner switches the shipped message on, writes its Bangla text, an unknown placeholder is refused and the text saved", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page);
  await page.goto(PATH);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1, name: "SMS texts" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "SMS pages" }).getByRole("link", { name: "Texts" }),
  ).toHaveAttribute("aria-current", "page");

  const group = shipped(page);
  const bangla = group.getByLabel("Bangla text");
  await group.getByLabel("Send this message").check();
  const typed = "{shop_name}: আপনার অর্ডার #{order_number} পাঠানো হয়েছে, ঠিকানা {adress}। দেখুন {tracking_link}";
  await bangla.fill(typed);
  const length = lengthOf(page, "order-shipped-bn");
  if (jsEnabled(testInfo)) {
    // The count follows the typing, before anything is sent: two more Bangla letters, two more characters.
    await expect(length).toHaveText(/^\d+ characters · \d SMS · Unicode$/);
    const before = await charactersIn(length);
    await bangla.press("End");
    await bangla.pressSequentially("অআ");
    await expect(length).toHaveText(new RegExp(`^${before + 2} characters · \\d SMS · Unicode$`));
    await bangla.fill(typed);
  }
  await page.getByRole("button", { name: "Save texts" }).click();

  await expect(page.getByTestId("form-error")).toHaveText("Please correct the highlighted texts. Nothing was saved.");
  const refused = "Unknown placeholder {adress}: this message can use only the placeholders listed for it.";
  await expect(bangla).toHaveValue(typed);
  await expect(bangla).toHaveAttribute("aria-invalid", "true");
  await expect(bangla).toHaveAccessibleDescription(new RegExp(`Unicode ${refused.replace(/[{}.]/g, "\\$&")}$`));
  await expect(group.getByLabel("Send this message")).toBeChecked();
  // The server drew the count of what was typed.
  await expect(length).toHaveText(/^\d+ characters · \d SMS · Unicode$/);
  // The placeholders this message may use are listed, open beside the refusal.
  await expect(group.locator("details")).toHaveAttribute("open", "");
  await expect(group.getByText("the parcel's tracking code at the courier")).toBeVisible();

  const fixed = "{shop_name}: আপনার অর্ডার #{order_number} পাঠানো হয়েছে। দেখুন {tracking_link}";
  await bangla.fill(fixed);
  await page.getByRole("button", { name: "Save texts" }).click();
  await expect(toast(page)).toHaveText("SMS texts saved.");
  await expect(shipped(page).getByLabel("Bangla text")).toHaveValue(fixed);
  await expect(shipped(page).getByLabel("Send this message")).toBeChecked();
  await expect(lengthOf(page, "order-shipped-bn")).toHaveText(/^\d+ characters · [12] SMS · Unicode$/);
  await expect(page.getByTestId("sms-preview-order-shipped-bn")).toContainText("আপনার অর্ডার #১২৩৪৫ পাঠানো হয়েছে।");
  if (jsEnabled(testInfo)) {
    // Asking for the default texts shows them, read-only, until the box is unticked.
    const restore = shipped(page).getByLabel("Use the default texts");
    await restore.check();
    await expect(shipped(page).getByLabel("Bangla text")).toHaveValue(
      /^\{shop_name\}: আপনার অর্ডার #\{order_number\} পাঠানো হয়েছে। দেখুন: /,
    );
    await expect(shipped(page).getByLabel("Bangla text")).not.toBeEditable();
    await restore.uncheck();
    await expect(shipped(page).getByLabel("Bangla text")).toHaveValue(fixed);
  }
  const row = withDb(
    (db) =>
      db.prepare(`SELECT enabled, textBn FROM SmsTemplate WHERE event = 'order-shipped'`).get() as {
        enabled: number;
        textBn: string;
      },
  );
  expect(row).toEqual({ enabled: 1, textBn: fixed });
});

for (const lang of ["en", "bn"] as const) {
  test(`every control of the SMS texts page is a thumb's size at 360 px, and the counts are in the page's digits (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    const email = `sms-texts-${lang}-${testInfo.project.name}-${Date.now()}@haat.example`;
    const ownerId = insertAdmin(email, await hashPassword(PASSWORD));
    withDb((db) => db.prepare(`UPDATE AdminUser SET language = ? WHERE id = ?`).run(lang, ownerId));
    try {
      const scan = await scanPage(page, browser, testInfo);
      await scan.setViewportSize({ width: 360, height: 800 });
      await signIn(scan, { email, password: PASSWORD });
      await scan.goto(PATH);
      await rendered(scan);
      await expect(scan.locator("html")).toHaveAttribute("lang", lang);
      const length = lengthOf(scan, "order-placed-bn");
      await expect(length).toHaveText(
        lang === "en" ? /^\d+ characters · \d SMS · Unicode$/ : /^[০-৯]+ অক্ষর · [০-৯] এসএমএস · ইউনিকোড$/,
      );
      const offenders = (await tapTargetOffenders(scan)).map(
        (o) => `${o.selector} "${o.text}" ${o.width}×${o.height}${o.crowdedBy ? ` crowded by ${o.crowdedBy}` : ""}`,
      );
      expect(offenders).toEqual([]);
      expect(await seriousViolations(scan)).toEqual([]);
      // No sideways scrolling on the phone.
      expect(await scan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await scan.screenshot({ path: testInfo.outputPath(`sms-templates-${lang}-360.png`), fullPage: true });
    } finally {
      deleteAdmin(ownerId);
    }
  });
}
