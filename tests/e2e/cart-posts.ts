/**
 * Holds the cart forms' fetcher posts (single fetch: POST /cart.data) so a test can check the
 * optimistic state while a request is pending, then decide what happens to it.
 */
import type { Page, Route } from "@playwright/test";
import { expect } from "./fixtures";

/** Holds every POST to the cart action until the test lets it go, fails it or has it refused. */
export async function holdCartPosts(page: Page) {
  const held: Route[] = [];
  await page.route("**/cart.data", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    held.push(route);
  });
  return {
    /** Waits until a request is being held. */
    arrived: () => expect.poll(() => held.length, { message: "a cart request is pending" }).toBeGreaterThan(0),
    /** Sends the held requests on to the server unchanged. */
    pass: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
    /** Fails the held requests as if the shop could not be reached. */
    fail: async () => {
      for (const route of held.splice(0)) await route.abort("internetdisconnected");
    },
    /**
     * Sends the held requests with variantId 0, a form the real action refuses (400); resolves
     * with the server's answers' statuses.
     */
    refuse: async () => {
      const statuses: number[] = [];
      for (const route of held.splice(0)) {
        const request = route.request();
        expect(request.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
        const form = new URLSearchParams(request.postData() ?? "");
        expect(form.get("variantId"), "the form names a variant").toMatch(/^\d+$/);
        form.set("variantId", "0");
        const answer = page.waitForResponse(
          (response) => response.request().method() === "POST" && /\/cart\.data(\?|$)/.test(response.url()),
        );
        await route.continue({ postData: form.toString() });
        statuses.push((await answer).status());
      }
      return statuses;
    },
  };
}
