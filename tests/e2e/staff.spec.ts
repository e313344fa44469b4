/**
 * Staff accounts (docs/decisions/033-staff-roles.md), with JavaScript on and off: the owner adds a
 * staff member with a first password; the staff member, in a browser of their own, must choose
 * their own password (a common one is refused), cannot open the owner's pages (a 403 page that says
 * why, with a way back), and is signed out at their next request once the owner disables them.
 * The account is the test's own and is deleted in `finally`.
 */
import type { Page } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";

const FIRST_PASSWORD = "first given password 7";
const OWN_PASSWORD = "lantern mango rickshaw";

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("the owner adds a staff member, who chooses a password, cannot open the owner's pages, and is signed out when disabled", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `staff-${testInfo.project.name}-${Date.now()}@haat.example`;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
  });
  try {
    // The owner adds the account.
    await signIn(page);
    await page.goto("/admin/staff");
    await rendered(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Role").selectOption("staff");
    await page.getByLabel("First password").fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(toast(page)).toHaveText(`${email} can now sign in with the first password you gave them.`);
    const row = page.getByTestId("staff-account").filter({ hasText: email });
    await expect(row.getByTestId("staff-state")).toHaveText("Must choose a password");

    // The staff member signs in and must choose their own password first.
    const staff = await context.newPage();
    await signInAs(staff, email, FIRST_PASSWORD);
    await expect(staff).toHaveURL("/admin/account");
    await rendered(staff);
    await expect(staff.getByTestId("must-change")).toContainText("Choose your own password before you go on");
    await staff.getByLabel("Current password").fill(FIRST_PASSWORD);
    await staff.getByLabel("New password", { exact: true }).fill("password1234");
    await staff.getByLabel("New password again").fill("password1234");
    await staff.getByRole("button", { name: "Change password" }).click();
    await expect(staff.getByText(/^This password is too easy to guess/)).toBeVisible();
    await expect(staff.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await staff.getByLabel("Current password").fill(FIRST_PASSWORD);
    await staff.getByLabel("New password", { exact: true }).fill(OWN_PASSWORD);
    await staff.getByLabel("New password again").fill(OWN_PASSWORD);
    await staff.getByRole("button", { name: "Change password" }).click();
    await expect(staff).toHaveURL("/admin/dashboard");
    await expect(toast(staff)).toHaveText("Your password is changed. Your other sessions are signed out.");

    // Staff see no owner's pages in the navigation, and are refused them with the reason.
    await rendered(staff);
    const nav = staff.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await staff.goto("/admin/settings");
    await expect(staff.getByRole("heading", { name: "You do not have permission to open this page." })).toBeVisible();
    await expect(staff.getByRole("alert")).toContainText("Only the shop's owner can change the settings");
    await staff.getByRole("alert").getByRole("link").click();
    await expect(staff).toHaveURL("/admin/dashboard");
    for (const path of ["/admin/staff", "/admin/activity"]) {
      await staff.goto(path);
      await expect(staff.getByRole("heading", { name: "You do not have permission to open this page." })).toBeVisible();
    }

    // The owner disables the account: the staff member's next request lands on the sign-in page.
    await page.reload();
    await rendered(page);
    await expect(row.getByTestId("staff-state")).toHaveText("Active");
    await row.getByRole("button", { name: `Disable ${email}` }).click();
    await expect(toast(page)).toHaveText(`${email} is disabled and signed out everywhere.`);
    await expect(row.getByTestId("staff-state")).toHaveText("Disabled");
    await staff.goto("/admin/orders");
    await expect(staff).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
    await signInAs(staff, email, OWN_PASSWORD);
    await expect(staff.getByText("This account is disabled. Ask the shop's owner to enable it.")).toBeVisible();
  } finally {
    await context.close();
    withDb((db) => db.prepare(`DELETE FROM AdminUser WHERE email = ?`).run(email));
  }
});
