/**
 * The sign-in page in the browser's language, with JavaScript on and off: a browser that asks for
 * Bangla first (Accept-Language) gets the page in Bangla, and the page's own switch (a plain form)
 * shows it in English and back, remembered for the next visit.
 */
import { bnAdmin, enAdmin } from "../../app/i18n/admin/areas";
import { expect, test } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ locale: "bn-BD", viewport: { width: 360, height: 740 } });

test("a Bangla browser gets the sign-in page in Bangla, and its switch shows it in English and back", async ({
  page,
}) => {
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Forders");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bnAdmin["admin.login.title"]);
  await expect(page.getByLabel(bnAdmin["admin.login.email"])).toBeVisible();
  expect(await tapTargetOffenders(page)).toEqual([]);

  // The switch names the other language in its own name, and keeps where the sign-in was going.
  await page.getByRole("button", { name: `${bnAdmin["admin.nav.switchLanguage"]} English` }).click();
  await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Forders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enAdmin["admin.login.title"]);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Remembered in this browser over its Accept-Language.
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(enAdmin["admin.login.title"]);
  await page.getByRole("button", { name: `${enAdmin["admin.nav.switchLanguage"]} বাংলা` }).click();
  await expect(page).toHaveURL("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bnAdmin["admin.login.title"]);
});
