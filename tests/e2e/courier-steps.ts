/** Steps the courier journeys share: the shop's Steadfast keys, and telling a local courier what its rider did. */
import type { Page } from "@playwright/test";
import { E2E_PORT, pathaoPortOf, steadfastPortOf } from "./e2e-env";
import { expect, rendered, toast } from "./fixtures";

/**
 * Saves the local Steadfast's keys on /admin/courier (typed, checked with Steadfast, saved) and
 * stays on that page. The page must be signed in as the owner.
 */
export async function saveSteadfastKeys(page: Page) {
  await page.goto("/admin/courier");
  await rendered(page);
  await page.getByLabel("API key").fill("test-api-key");
  await page.getByLabel("Secret key").fill("test-secret-key");
  await page.getByRole("button", { name: "Check and save", exact: true }).click();
  await expect(toast(page)).toHaveText("Steadfast accepted the keys; they are saved.");
}

/**
 * Tells this worker's local courier something from outside, as its rider or accounts team would:
 * a POST of `body` as JSON to its control `path` (tests/support/steadfast-server.ts and
 * pathao-server.ts list them), which must answer 200.
 */
export async function courierControl(courier: "steadfast" | "pathao", path: string, body: unknown) {
  const origin = `http://127.0.0.1:${courier === "steadfast" ? steadfastPortOf(E2E_PORT) : pathaoPortOf(E2E_PORT)}`;
  const prefix = courier === "steadfast" ? "/api/v1" : "";
  const answer = await fetch(`${origin}${prefix}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, path).toBe(200);
}
