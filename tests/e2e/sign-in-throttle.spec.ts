/**
 * Sign-in throttling as the browser sees it (docs/decisions/021-sign-in-throttling.md): a refused
 * attempt answers 429 with a numeric Retry-After, to a document POST and to a single-fetch `.data`
 * POST alike, and the page without JavaScript shows the message with the e-mail kept.
 *
 * The account is this test's own, not E2E_ADMIN (other specs sign in with it). Every request comes
 * from the same address as the other specs' sign-ins, so the test fails as few attempts as it can.
 */
import type { APIRequestContext } from "@playwright/test";
import { hashPassword } from "../../app/server/auth/password.server";
import { deleteAdmin, insertAdmin } from "./e2e-db";
import { E2E_PORT } from "./e2e-env";
import { expect, serverMarkupOnly, test } from "./fixtures";

const ORIGIN = `http://localhost:${E2E_PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in POST as a form without JavaScript sends it (`/admin/login`) or as Remix's fetch does (`.data`). */
function postSignIn(
  request: APIRequestContext,
  path: "/admin/login" | "/admin/login.data",
  email: string,
  password: string,
) {
  return request.post(path, { form: { email, password }, headers: { Origin: ORIGIN }, maxRedirects: 0 });
}

/** The Retry-After of a 429, in seconds; fails the test when the header is missing or not a number. */
function retryAfter(response: Awaited<ReturnType<APIRequestContext["post"]>>): number {
  expect(response.status()).toBe(429);
  const header = response.headers()["retry-after"];
  expect(header, "Retry-After on the 429").toMatch(/^\d+$/);
  return Number(header);
}

/**
 * Fails sign-ins for `email` until the server asks for a wait of at least `minSeconds`, waiting out
 * each shorter one; returns that wait in seconds.
 */
async function lockOut(request: APIRequestContext, email: string, minSeconds: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await postSignIn(request, "/admin/login", email, `wrong password ${attempt}`);
    if (response.status() === 401) continue;
    const wait = retryAfter(response);
    if (wait >= minSeconds) return wait;
    await sleep(wait * 1000);
  }
  throw new Error(`no wait of ${minSeconds} s after 20 failed sign-ins`);
}

test("a throttled sign-in answers 429 with Retry-After, and the page keeps the e-mail", async ({
  page,
  request,
}, testInfo) => {
  serverMarkupOnly("a 429 and its headers come from the server");
  const email = `throttle-${testInfo.project.name}-${Date.now()}@haat.example`;
  const password = "throttle-password-1234";
  const id = insertAdmin(email, await hashPassword(password));
  try {
    // 8 s is long enough for the three checks below, short enough to reach (1 + 2 + 4 s of waiting).
    await lockOut(request, email, 8);

    // The right password during the wait is refused without being checked, on both kinds of POST.
    const document = await postSignIn(request, "/admin/login", email, password);
    expect(retryAfter(document)).toBeGreaterThan(0);
    expect(await document.text()).toContain("too many attempts");
    const single = await postSignIn(request, "/admin/login.data", email, password);
    expect(retryAfter(single)).toBeGreaterThan(0);

    // Without JavaScript the form's answer is the 429 page: the message, and the e-mail kept.
    await page.goto("/admin/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("too many attempts");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page).toHaveURL(/\/admin\/login$/);
  } finally {
    deleteAdmin(id);
  }
});

test("with JavaScript, a throttled sign-in shows the same message and keeps the e-mail", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "the page without JavaScript is checked above");
  const email = `throttle-js-${Date.now()}@haat.example`;
  const password = "throttle-password-1234";
  const id = insertAdmin(email, await hashPassword(password));
  try {
    await lockOut(request, email, 8);
    await page.goto("/admin/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("too many attempts");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(page).toHaveURL(/\/admin\/login$/);
  } finally {
    deleteAdmin(id);
  }
});
