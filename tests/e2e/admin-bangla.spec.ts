/**
 * The back office in Bangla, with JavaScript on and off: a staff member switches it from the
 * header, every admin page then speaks Bangla to them (navigation, titles, amounts in Bengali
 * digits, form messages) and keeps doing so after signing in again, while other staff keep their
 * own language; the switch back works the same way. Each test uses its own staff account, so the
 * shared e2e admin stays in English for the other specs. Texts are read from the catalogues.
 */
import type { Page } from "@playwright/test";
import { bnAdmin, enAdmin } from "../../app/i18n/admin/areas";
import { hashPassword } from "../../app/server/auth/password.server";
import { seriousViolations, scanPage } from "./axe";
import { deleteAdmin, insertAdmin } from "./e2e-db";
import { E2E_ADMIN, expect, rendered, test } from "./fixtures";

const PASSWORD = "bangla-staff-password-1234";

/** Signs `page` in as `email` through the sign-in form (its labels in `texts`' language). */
async function signInAs(page: Page, email: string, texts: typeof enAdmin | typeof bnAdmin = enAdmin) {
  await page.goto("/admin/login");
  await page.getByLabel(texts["admin.login.email"]).fill(email);
  await page.getByLabel(texts["admin.login.password"], { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: texts["admin.login.submit"] }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await rendered(page);
}

let staffId: number;
let email: string;

test.beforeEach(async ({ browserName: _browser }, testInfo) => {
  email = `bangla-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}@haat.example`;
  staffId = insertAdmin(email, await hashPassword(PASSWORD));
});

test.afterEach(() => {
  deleteAdmin(staffId);
});

test("a staff member switches the back office to Bangla; it stays theirs and answers in Bangla", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, email);
  await page.goto("/admin/dashboard");
  await rendered(page);
  await page.getByTestId("admin-language-switch").click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bnAdmin["admin.dashboard.title"]);
  await expect(page).toHaveTitle(bnAdmin["admin.dashboard.title"]);
  const nav = page.getByRole("navigation", { name: bnAdmin["admin.nav.label"] }).first();
  await expect(nav.getByRole("link", { name: bnAdmin["admin.nav.orders"], exact: true })).toBeVisible();
  // Amounts in Bengali digits: the dashboard's revenue of the last 30 days.
  await expect(page.getByTestId("period-30").getByTestId("revenue")).toHaveText(/^৳[০-৯][০-৯,]*\.[০-৯]{2}$/);

  // A refused settings form answers in Bangla and keeps what was typed; nothing is saved.
  await page.goto("/admin/settings");
  await rendered(page);
  const name = page.getByLabel(bnAdmin["admin.settings.name"], { exact: true });
  const saved = await name.inputValue();
  await name.fill("");
  await page.getByLabel(bnAdmin["admin.settings.tagline"], { exact: true }).fill("নতুন ট্যাগলাইন");
  await page.getByRole("button", { name: bnAdmin["admin.settings.save"] }).click();
  await expect(page.getByTestId("form-error")).toHaveText(bnAdmin["admin.settings.fixErrors"]);
  await expect(page.getByText(bnAdmin["admin.settings.nameRequired"])).toBeVisible();
  await expect(page.getByLabel(bnAdmin["admin.settings.tagline"], { exact: true })).toHaveValue("নতুন ট্যাগলাইন");

  // The choice is on the account: a new sign-in (the sign-in page itself in English) lands in Bangla.
  await page.context().clearCookies();
  await signInAs(page, email);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await page.goto("/admin/settings");
  await expect(page.getByLabel(bnAdmin["admin.settings.name"], { exact: true })).toHaveValue(saved);

  // And back to English from the same switch.
  await page.getByTestId("admin-language-switch").click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: enAdmin["admin.settings.save"] })).toBeVisible();
});

test("another staff member's choice does not change the shared admin's language", async ({ page, browser }) => {
  await signInAs(page, email);
  await page.getByTestId("admin-language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto("/admin/login");
    await otherPage.getByLabel(enAdmin["admin.login.email"]).fill(E2E_ADMIN.email);
    await otherPage.getByLabel(enAdmin["admin.login.password"], { exact: true }).fill(E2E_ADMIN.password);
    await otherPage.getByRole("button", { name: enAdmin["admin.login.submit"] }).click();
    await expect(otherPage).toHaveURL(/\/admin\/products$/);
    await expect(otherPage.locator("html")).toHaveAttribute("lang", "en");
  } finally {
    await other.close();
  }
});

for (const path of ["/admin/dashboard", "/admin/orders", "/admin/settings", "/admin/staff"]) {
  test(`${path} in Bangla has no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await signInAs(scan, email);
    await scan.getByTestId("admin-language-switch").click();
    await expect(scan.locator("html")).toHaveAttribute("lang", "bn");
    await scan.goto(path);
    expect(await seriousViolations(scan)).toEqual([]);
  });
}
