/**
 * Variants under forged requests, over real HTTP: a cart post naming a variant that is not sold (a
 * switched-off combination, an id that names nothing) changes no cart, and a product page asked for
 * another product's variant (`?variant=`) never shows that variant's price or posts its id.
 *
 * The products are the test's own, inserted into the security server's database with prices no
 * demo product has (so a price found on a page can only come from them), and deleted afterwards.
 */
import type Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { cookiesOf, raw, sameOrigin, urlEncoded, withSecurityDb } from "./http";

/** Prisma's SQLite DateTime text. */
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** "৳1,23,456.78" from paisa, as the shop's English pages format money. */
const taka = (paisa: number) =>
  `৳${(paisa / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Inserts a product (no images, no category); returns its id. Prices in paisa. */
function insertProductRow(db: Database.Database, name: string, minPricePaisa: number, maxPricePaisa: number): number {
  const now = sqliteDate(new Date());
  return Number(
    db
      .prepare(
        `INSERT INTO Product (name, slug, description, minPricePaisa, maxPricePaisa, isFeatured, createdAt, updatedAt)
         VALUES (?, ?, 'Inserted by cart-variants.spec.ts', ?, ?, 0, ?, ?)`,
      )
      .run(name, name.toLowerCase().replace(/\W+/g, "-"), minPricePaisa, maxPricePaisa, now, now).lastInsertRowid,
  );
}

/** Inserts a variant (stock not tracked); returns its id. */
function insertVariantRow(
  db: Database.Database,
  productId: number,
  {
    key,
    valueId,
    pricePaisa,
    isActive,
    position,
  }: { key: string; valueId: number | null; pricePaisa: number; isActive: boolean; position: number },
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO ProductVariant (productId, option1ValueId, combinationKey, pricePaisa, stockQuantity, isActive, position)
         VALUES (?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(productId, valueId, key, pricePaisa, isActive ? 1 : 0, position).lastInsertRowid,
  );
}

type Fixture = {
  productIds: number[];
  /** A product without options, sold through its default variant at PLAIN_PRICE. */
  plain: { id: number; variantId: number };
  /** A product with one option (Size: Small, Large): Small is sold at SMALL_PRICE, Large is switched off. */
  sized: { id: number; smallId: number; largeId: number };
  /** An id no variant has. */
  missingId: number;
};

const PLAIN_PRICE = 12_345; // ৳123.45
const SMALL_PRICE = 9_876_543; // ৳98,765.43
const LARGE_PRICE = 8_765_432; // ৳87,654.32

function insertFixture(): Fixture {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return withSecurityDb((db) =>
    db.transaction(() => {
      const plainId = insertProductRow(db, `zzz Variant Guard Plain ${tag}`, PLAIN_PRICE, PLAIN_PRICE);
      const plainVariant = insertVariantRow(db, plainId, {
        key: "",
        valueId: null,
        pricePaisa: PLAIN_PRICE,
        isActive: true,
        position: 0,
      });
      // An inactive variant does not count towards the price range while an active one exists.
      const sizedId = insertProductRow(db, `zzz Variant Guard Sized ${tag}`, SMALL_PRICE, SMALL_PRICE);
      const optionId = Number(
        db.prepare(`INSERT INTO ProductOption (productId, name, position) VALUES (?, 'Size', 0)`).run(sizedId)
          .lastInsertRowid,
      );
      const value = db.prepare(`INSERT INTO ProductOptionValue (optionId, value, position) VALUES (?, ?, ?)`);
      const small = Number(value.run(optionId, "Small", 0).lastInsertRowid);
      const large = Number(value.run(optionId, "Large", 1).lastInsertRowid);
      const smallId = insertVariantRow(db, sizedId, {
        key: String(small),
        valueId: small,
        pricePaisa: SMALL_PRICE,
        isActive: true,
        position: 0,
      });
      const largeId = insertVariantRow(db, sizedId, {
        key: String(large),
        valueId: large,
        pricePaisa: LARGE_PRICE,
        isActive: false,
        position: 1,
      });
      const { maxId } = db.prepare(`SELECT MAX(id) AS maxId FROM ProductVariant`).get() as { maxId: number };
      return {
        productIds: [plainId, sizedId],
        plain: { id: plainId, variantId: plainVariant },
        sized: { id: sizedId, smallId, largeId },
        missingId: maxId + 100_000,
      };
    })(),
  );
}

function deleteFixture(fixture: Fixture) {
  withSecurityDb((db) => {
    const remove = db.prepare(`DELETE FROM Product WHERE id = ?`);
    db.transaction(() => fixture.productIds.forEach((id) => remove.run(id)))();
  });
}

/** Posts a cart form to `path` with the cart cookie `cart` ("" for none). */
function postCart(path: string, fields: Record<string, string>, cart: string) {
  const form = urlEncoded(fields);
  return raw({
    method: "POST",
    path,
    headers: { ...sameOrigin, "Content-Type": form.contentType, ...(cart ? { Cookie: cart } : {}) },
    body: form.body,
  });
}

/** The cart cookie (`haat_cart=…`) a response sets, else undefined. */
function cartCookieSet(headers: { "set-cookie"?: string[] }): string | undefined {
  return (headers["set-cookie"] ?? []).find((line) => line.startsWith("haat_cart="));
}

test.describe("variants under forged requests", () => {
  let fixture: Fixture;
  test.beforeAll(() => {
    fixture = insertFixture();
  });
  test.afterAll(() => {
    if (fixture) deleteFixture(fixture);
  });

  /** A cart holding 2 of the plain product, as its own add set it; returns the Cookie header. */
  async function cartWithPlainLine(): Promise<string> {
    const added = await postCart(
      "/cart",
      { intent: "add", variantId: String(fixture.plain.variantId), quantity: "2" },
      "",
    );
    expect(added.status).toBe(302);
    const cart = cookiesOf(added)
      .split("; ")
      .find((pair) => pair.startsWith("haat_cart="));
    expect(cart, "the add set the cart cookie").toBeTruthy();
    return cart!;
  }

  /** The cart page for `cart`: the number of lines and the subtotal shown. */
  async function cartPage(cart: string) {
    const page = await raw({ path: "/cart", headers: { Cookie: cart } });
    expect(page.status).toBe(200);
    return {
      lines: (page.body.match(/data-testid="cart-line"/g) ?? []).length,
      subtotal: /name="expectedSubtotalPaisa" value="(\d+)"/.exec(page.body)?.[1],
    };
  }

  for (const [label, idOf] of [
    ["a switched-off combination", (f: Fixture) => f.sized.largeId],
    ["an id no variant has", (f: Fixture) => f.missingId],
  ] as const) {
    for (const intent of ["add", "buy-now"] as const) {
      test(`a cart ${intent} naming ${label} is refused and the cart stays as it was`, async () => {
        const cart = await cartWithPlainLine();
        const fields = { intent, variantId: String(idOf(fixture)), quantity: "1" };

        // The script's post (a fetcher: single fetch to /cart.data) is refused with a 404.
        const fetched = await postCart("/cart.data", { ...fields, _fetcher: "1" }, cart);
        expect(fetched.status, fetched.body.slice(0, 200)).toBe(404);
        expect(cartCookieSet(fetched.headers)).toBeUndefined();

        // The plain form post (no JavaScript) is sent back to the cart with an error message and,
        // again, no new cart cookie.
        const posted = await postCart("/cart", fields, cart);
        expect(posted.status).toBe(302);
        expect(posted.headers.location).toBe("/cart");
        expect(cartCookieSet(posted.headers)).toBeUndefined();

        expect(await cartPage(cart)).toEqual({ lines: 1, subtotal: String(2 * PLAIN_PRICE) });
      });
    }
  }

  test("an update naming a variant not in the cart adds nothing", async () => {
    const cart = await cartWithPlainLine();
    for (const variantId of [fixture.sized.largeId, fixture.missingId, fixture.sized.smallId]) {
      const posted = await postCart("/cart", { intent: "update", variantId: String(variantId), quantity: "5" }, cart);
      expect(posted.status).toBe(302);
      const next = cookiesOf(posted)
        .split("; ")
        .find((pair) => pair.startsWith("haat_cart="));
      expect(await cartPage(next ?? cart)).toEqual({ lines: 1, subtotal: String(2 * PLAIN_PRICE) });
    }
  });

  test("a product page asked for another product's variant shows its own price and variant", async () => {
    const page = await raw({ path: `/products/${fixture.plain.id}?variant=${fixture.sized.smallId}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain(taka(PLAIN_PRICE));
    expect(page.body).not.toContain(taka(SMALL_PRICE));
    expect(page.body).toContain(`name="variantId" value="${fixture.plain.variantId}"`);
    expect(page.body).not.toContain(`name="variantId" value="${fixture.sized.smallId}"`);
    // Nor does the data the script loads.
    const data = await raw({ path: `/products/${fixture.plain.id}.data?variant=${fixture.sized.smallId}` });
    expect(data.status).toBe(200);
    expect(data.body).not.toContain(String(SMALL_PRICE));
  });

  test("a product page asked for its own switched-off combination shows a combination it sells", async () => {
    const page = await raw({ path: `/products/${fixture.sized.id}?variant=${fixture.sized.largeId}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain(taka(SMALL_PRICE));
    expect(page.body).not.toContain(taka(LARGE_PRICE));
    expect(page.body).not.toContain(String(LARGE_PRICE));
    expect(page.body).not.toContain(`name="variantId" value="${fixture.sized.largeId}"`);
  });
});
