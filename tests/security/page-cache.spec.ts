/**
 * The page cache cannot be made to serve one visitor's page to others: a cart cookie written in
 * ways one cookie parser reads and another does not (quotes, spaces, a second copy, another case)
 * never stores a page with a cart under the empty cart's key; parameters no page reads find the
 * stored page instead of filling the cache (docs/decisions/036-page-cache.md).
 */
import { expect, test } from "@playwright/test";
import { cookiesOf, raw, sameOrigin, urlEncoded, withSecurityDb } from "./http";

/** The cart badge's number in a page, or null when the page shows an empty cart. */
function badge(html: string): string | null {
  return /data-testid="cart-badge"[^>]*>(\d+)</.exec(html)?.[1] ?? null;
}

/** GETs `path` until it is answered from the cache (5 s at most); that answer. */
async function cached(path: string, cookie?: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await raw({ path, headers: { Cookie: cookie } });
    if (answer.headers["x-cache"] === "HIT") return answer;
    if (Date.now() > deadline) throw new Error(`${path} was never answered from the cache`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test.describe("the page cache cannot be poisoned", () => {
  let cart = "";

  test.beforeAll(async () => {
    // A variant sold of a product that does not count stock: 7 always fit.
    const variantId = withSecurityDb(
      (db) =>
        (
          db
            .prepare(
              `SELECT v.id FROM ProductVariant v JOIN Product p ON p.id = v.productId
               WHERE p.trackStock = 0 AND v.isActive = 1 ORDER BY v.id LIMIT 1`,
            )
            .get() as { id: number }
        ).id,
    );
    const form = urlEncoded({ intent: "add", variantId: String(variantId), quantity: "7" });
    const added = await raw({
      method: "POST",
      path: "/cart",
      headers: { ...sameOrigin, "Content-Type": form.contentType },
      body: form.body,
    });
    cart = cookiesOf(added)
      .split("; ")
      .find((pair) => pair.startsWith("haat_cart="))!
      .slice("haat_cart=".length);
    expect(cart).toBeTruthy();
  });

  const variants: [string, (value: string) => string][] = [
    ["in double quotes", (value) => `haat_cart="${value}"`],
    ["with spaces around the equals sign", (value) => `haat_cart = ${value}`],
    ["followed by a forged second copy", (value) => `haat_cart=${value}; haat_cart=forged`],
    ["after a forged first copy", (value) => `haat_cart=forged; haat_cart=${value}`],
    ["in capitals", (value) => `HAAT_CART=${value}`],
    ["with a quoted language cookie beside it", (value) => `haat_lang="bn"; haat_cart="${value}"`],
  ];
  for (const [index, [label, cookieOf]] of variants.entries()) {
    test(`a cart cookie ${label}: visitors without a cart never get its page`, async () => {
      const path = `/products?q=poison-${index}`;
      const hostile = await raw({ path, headers: { Cookie: cookieOf(cart) } });
      expect(hostile.status).toBe(200);
      // Stored now if it could be; whatever was stored, a visitor without a cookie sees no cart.
      const visitor = await cached(path);
      expect(badge(visitor.body)).toBeNull();
      // And the holder of the real cart still sees theirs.
      expect(badge((await raw({ path, headers: { Cookie: `haat_cart=${cart}` } })).body)).toBe("7");
    });
  }

  test("parameters no page reads are answered from the stored page, not stored again", async () => {
    const stored = await cached("/products?q=lamp");
    for (let i = 0; i < 20; i++) {
      const answer = await raw({ path: `/products?q=lamp&x=${i}&fbclid=${i}` });
      expect(answer.headers["x-cache"]).toBe("HIT");
      expect(answer.body).toBe(stored.body);
    }
  });
});
