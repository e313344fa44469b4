/**
 * The owner's activity page (docs/decisions/035-audit-trail.md), with JavaScript on and off: an
 * action taken in the back office shows at the top with who did it, when and from where (in words
 * for the server's own machine, IPv4 clients as IPv4), and the filters narrow the list. The blocked number is the test's own and is removed in `finally`.
 */
import { sqliteDate, withDb } from "./e2e-db";
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
    // The browser runs on the server's own machine (a loopback address): said in words, not "::1".
    await expect(row).toContainText("from this computer");
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

test("the owner reads refused sign-ins of unknown visitors apart from the activity list", async ({ page }) => {
  // A row as the sign-in log writes it (the server writes at most 20 a minute per address, and
  // every spec signs in from this one, so the row is made here rather than by failing sign-ins).
  const email = `nobody-${Date.now()}@haat.example`;
  withDb((db) =>
    db
      .prepare(
        `INSERT INTO RefusedSignIn (createdAt, email, address, outcome, reason) VALUES (?, ?, '::ffff:192.0.2.44', 'failed', 'invalid-credentials')`,
      )
      .run(sqliteDate(new Date()), email),
  );
  try {
    await signIn(page);
    await page.goto("/admin/activity");
    await rendered(page);
    await page.getByRole("link", { name: "Refused sign-ins from unknown visitors" }).click();
    await expect(page).toHaveURL("/admin/activity/refused");
    await expect(page.getByRole("heading", { level: 1, name: "Refused sign-ins" })).toBeVisible();
    const row = page.getByTestId("refused-row").filter({ hasText: email });
    await expect(row.getByTestId("refused-what")).toHaveText("No account with this email address");
    // An IPv4 client of the dual-stack server, stored IPv4-mapped, is shown as its IPv4 address.
    await expect(row).toContainText("from 192.0.2.44");
    await page.getByRole("link", { name: "Back to Activity" }).click();
    await expect(page).toHaveURL("/admin/activity");
  } finally {
    withDb((db) => db.prepare(`DELETE FROM RefusedSignIn WHERE email = ?`).run(email));
  }
});
