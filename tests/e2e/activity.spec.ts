/**
 * The owner's activity page (docs/decisions/035-audit-trail.md), with JavaScript on and off: an
 * action taken in the back office shows at the top with who did it, when and from where, and the
 * filters narrow the list. The blocked number is the test's own and is removed in `finally`.
 */
import { withDb } from "./e2e-db";
import { E2E_ADMIN, expect, rendered, signIn, test, toast } from "./fixtures";

test("the activity page lists an action with who and when, and filters it", async ({ page }) => {
  const phone = `0199${String(Date.now() % 1e7).padStart(7, "0")}`;
  try {
    await signIn(page);
    await page.goto("/admin/blocklist");
    await rendered(page);
    await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
    await page.getByRole("button", { name: "Block number" }).click();
    await expect(toast(page)).toContainText(`${phone} is blocked`);

    await page.goto("/admin/activity");
    await rendered(page);
    const row = page.getByTestId("activity-row").filter({ hasText: phone }).first();
    await expect(row.getByTestId("activity-action")).toHaveText("Phone number blocked");
    await expect(row.getByTestId("activity-who")).toHaveText(E2E_ADMIN.email);
    await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    // The sign-in that started this test is there too.
    await expect(page.getByTestId("activity-action").filter({ hasText: "Signed in" }).first()).toBeVisible();

    // Only sign-ins: the block is not among them; only settings: it is.
    await page.getByLabel("What").selectOption("sign-in");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/what=sign-in/);
    await rendered(page);
    await expect(page.getByTestId("activity-row").filter({ hasText: phone })).toHaveCount(0);
    await page.getByLabel("What").selectOption("settings");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/what=settings/);
    await rendered(page);
    await expect(page.getByTestId("activity-row").filter({ hasText: phone })).toHaveCount(1);
    await page.getByLabel("To").fill("2020-01-01");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/to=2020-01-01/);
    await rendered(page);
    await expect(page.getByTestId("activity-empty")).toHaveText("Nothing matches these filters.");
  } finally {
    withDb((db) => db.prepare(`DELETE FROM BlockedPhone WHERE phone = ?`).run(phone));
  }
});
