/**
 * Two-factor sign-in (docs/decisions/034-two-factor-sign-in.md), with JavaScript on and off: a staff
 * member sets it up from their account page with a code computed from the key the page shows (as an
 * authenticator app would) and their password, keeps the recovery codes, then signs in with a code, and once with a
 * recovery code, which does not work a second time; ends another browser's session from the
 * account page; and is signed out, told why on the sign-in page, after five wrong passwords on the
 * account page (decision 041). Each account is the test's own.
 */
import type { Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { hashPassword } from "../../app/server/auth/password.server";
import { deleteAdmin, insertAdmin } from "./e2e-db";
import { expect, rendered, signIn, test, toast } from "./fixtures";

const PASSWORD = "copper kettle monsoon";
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/admin/two-factor");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/admin/login");
}

test("a staff member sets up two-factor sign-in, then signs in with a code and once with a recovery code", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `totp-${testInfo.project.name}-${Date.now()}@haat.example`;
  const id = insertAdmin(email, await hashPassword(PASSWORD));
  try {
    await signIn(page, { email, password: PASSWORD });
    await page.goto("/admin/account");
    await rendered(page);

    // Set up: the QR code and the key; a wrong code is refused, a right one turns it on.
    const section = page.locator("#two-factor");
    await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await section.getByTestId("totp-secret").innerText()).trim();
    // Turning it on needs the password too: a wrong one is refused, the code kept, the password not.
    await section.getByLabel("Code").fill("000000");
    await section.getByLabel("Current password").fill("not the password");
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByRole("alert")).toHaveText("The current password is not right.");
    await expect(section.getByLabel("Code")).toHaveValue("000000");
    await expect(section.getByLabel("Current password")).toHaveValue("");
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "That code is not right, or was already used. The app shows a new one every 30 seconds.",
    );
    await section.getByLabel("Code").fill(codeAt(secret, Date.now()));
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    const codes = (await section.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(codes).toHaveLength(10);
    await page.reload();
    await rendered(page);
    await expect(section.getByTestId("two-factor-state")).toHaveText(
      "Two-factor sign-in is on. Recovery codes left: 10.",
    );
    await expect(section.getByTestId("recovery-codes")).toHaveCount(0);
    await signOut(page);

    // Sign in: the password, then the next code of the app.
    await signInWithPassword(page, email);
    await enterCode(page, "111111");
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await enterCode(page, codeAt(secret, Date.now() + 30_000));
    await expect(page).toHaveURL(/\/admin\/products$/);
    await signOut(page);

    // A recovery code works once.
    await signInWithPassword(page, email);
    await enterCode(page, codes[0]!);
    await expect(page).toHaveURL("/admin/account#two-factor");
    await expect(toast(page)).toHaveText(
      "You signed in with a recovery code. Recovery codes left: 9. Make new ones if few are left.",
    );
    await signOut(page);
    await signInWithPassword(page, email);
    await enterCode(page, codes[0]!);
    await expect(page.getByRole("alert")).toContainText("That code is not right");
  } finally {
    deleteAdmin(id);
  }
});

test("a staff member sees where they are signed in and signs another browser out", async ({
  page,
  browser,
}, testInfo) => {
  const email = `sessions-${testInfo.project.name}-${Date.now()}@haat.example`;
  const id = insertAdmin(email, await hashPassword(PASSWORD));
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const laptop = await other.newPage();
    for (const browserPage of [laptop, page]) {
      await signIn(browserPage, { email, password: PASSWORD });
    }
    await page.goto("/admin/account");
    await rendered(page);
    const sessions = page.getByTestId("own-session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "This browser" })).toHaveCount(1);
    await sessions.filter({ hasNotText: "This browser" }).getByRole("button", { name: "Sign out" }).click();
    await expect(toast(page)).toHaveText("Sessions signed out: 1.");
    await expect(page.getByTestId("own-session")).toHaveCount(1);
    await laptop.goto("/admin/orders");
    await expect(laptop).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
  } finally {
    await other.close();
    deleteAdmin(id);
  }
});

test("five wrong passwords on the account page sign the session out, with the reason on the sign-in page", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `wrong-checks-${testInfo.project.name}-${Date.now()}@haat.example`;
  const id = insertAdmin(email, await hashPassword(PASSWORD));
  try {
    await signIn(page, { email, password: PASSWORD });
    await page.goto("/admin/account");
    await rendered(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Change password" }) });
    for (let i = 0; i < 5; i++) {
      await form.getByLabel("Current password").fill(`not the password ${i}`);
      await form.getByLabel("New password", { exact: true }).fill("jute lamp cable river");
      await form.getByLabel("New password again").fill("jute lamp cable river");
      await form.getByRole("button", { name: "Change password" }).click();
      if (i < 4) await expect(form.getByText("The current password is not right.")).toBeVisible();
    }
    await expect(page).toHaveURL("/admin/login");
    await expect(toast(page)).toHaveText(
      "You were signed out after 5 wrong passwords. Sign in again with your password; if it was not you, change your password then.",
    );
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount$/);
  } finally {
    deleteAdmin(id);
  }
});
