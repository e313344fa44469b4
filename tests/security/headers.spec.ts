/** The production server's headers (docs/decisions/001-express-server.md). */
import { expect, test } from "../e2e/fixtures";

test("pages carry a nonce- or hash-based CSP and a referrer policy that keeps form posts working", async ({
  request,
}) => {
  // A page rendered for this very request (the cart is never stored): its inline scripts carry the
  // request's nonce.
  const rendered = await request.get("/cart");
  expect(rendered.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
  // The home page may come from the page cache, once another test has opened it: the stored copy
  // allows its inline scripts by their hashes instead (docs/decisions/036-page-cache.md). Either way
  // no other inline script may run.
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' (?:'nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+'(?: 'sha256-[A-Za-z0-9+/=]+')*);/,
  );
  // Regression: "no-referrer" made Chromium send `Origin: null` on same-origin posts, which
  // Remix's CSRF check rejected, breaking every form without JavaScript.
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  // Every page shows the visitor's cart badge, so no shared cache may store it.
  expect(headers["cache-control"]).toBe("private, no-cache");
});

test("the cart page is never stored by any cache", async ({ request }) => {
  const response = await request.get("/cart");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/cart", {
    form: { intent: "add", variantId: "1", quantity: "1" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.headers()["set-cookie"] ?? "").not.toContain("haat_cart");
});

test("an oversized public form post is refused before it is read", async ({ request }) => {
  const response = await request.post("/cart", {
    form: { intent: "checkout", address: "x".repeat(70 * 1024) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
  const login = await request.post("/admin/login", { form: { email: "a@b.co", password: "x".repeat(70 * 1024) } });
  expect(login.status()).toBe(413);
});

test("hashed assets are immutable; images are immutable WebP", async ({ page, request }) => {
  await page.goto("/");
  const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
  expect(script).toMatch(/^\/assets\//);
  expect((await request.get(script!)).headers()["cache-control"]).toContain("immutable");
  const img = await page.locator("main img").first().getAttribute("src");
  const image = await request.get(img!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");
  expect((await request.get("/uploads/../../.env/320.webp")).status()).toBe(404);
});
