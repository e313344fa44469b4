/**
 * The /cart action's answers to cart forms sent by a fetcher (JavaScript,
 * docs/decisions/011-optimistic-cart.md): data instead of a redirect, no toast, and the same cart
 * rules as a plain form post.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { serverTranslator } from "~/server/i18n.server";

const t = serverTranslator("en");
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/rules/cart";
import { CART_FETCH_FIELD, CART_FETCH_VALUE } from "~/components/cart/cart-contract";
import { CookieJar, createProduct, get, post, run, runData } from "./helpers";

let jar: CookieJar;
let lamp: { id: number; variantId: number };

beforeEach(async () => {
  jar = new CookieJar();
  lamp = await createProduct({ name: "Brass Table Lamp", pricePaisa: 250000 });
});

async function send(fields: Record<string, string | number>, viaFetcher = true) {
  const body = viaFetcher ? { ...fields, [CART_FETCH_FIELD]: CART_FETCH_VALUE, productName: "x" } : fields;
  const outcome = await run(cartAction, post("/cart", body, jar));
  jar.take(outcome.headers);
  return outcome;
}

const quantities = async () => (await runData(cartLoader, get("/cart", jar))).lineItems.map((line) => line.quantity);

describe("cart forms sent by a fetcher", () => {
  it("answers ok with the cart cookie and no redirect or toast; update and remove alike", async () => {
    let outcome = await send({ intent: "add", variantId: lamp.variantId, quantity: 2, redirectTo: "/products" });
    expect(outcome).toMatchObject({ status: 200, location: null, data: { ok: true } });
    const cookies = outcome.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("haat_cart="))).toBe(true);
    expect(cookies.some((c) => /^(__Host-)?haat_toast=/.test(c))).toBe(false);
    expect(await quantities()).toEqual([2]);

    outcome = await send({ intent: "update", variantId: lamp.variantId, quantity: 5 });
    expect(outcome.data).toEqual({ ok: true });
    expect(await quantities()).toEqual([5]);

    outcome = await send({ intent: "remove", variantId: lamp.variantId });
    expect(outcome.data).toEqual({ ok: true });
    expect(await quantities()).toEqual([]);
  });

  it("refuses a product that is no longer sold with 404 and a message, the cart unchanged", async () => {
    await send({ intent: "add", variantId: lamp.variantId, quantity: 1 });
    const outcome = await send({ intent: "add", variantId: 99999999, quantity: 1 });
    expect(outcome).toMatchObject({ status: 404, location: null, data: { ok: false, message: t("cart.notFound") } });
    expect(outcome.headers.getSetCookie()).toEqual([]);
    expect(await quantities()).toEqual([1]);
  });

  it("reports the quantity cap: the cart holds the most allowed and the answer says so", async () => {
    const outcome = await send({ intent: "update", variantId: lamp.variantId, quantity: 5 }).then(() =>
      send({ intent: "add", variantId: lamp.variantId, quantity: 1 }).then(() =>
        send({ intent: "update", variantId: lamp.variantId, quantity: 5000 }),
      ),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.data).toEqual({
      ok: false,
      limited: true,
      message: t("cart.limitReached", { lines: MAX_CART_LINES, quantity: MAX_LINE_QUANTITY }),
    });
    expect(await quantities()).toEqual([MAX_LINE_QUANTITY]);
  });

  it("answers a malformed form with 400, and still redirects a plain form post", async () => {
    expect(await send({ intent: "add", variantId: "abc" })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await send({ intent: "add", variantId: "abc" }, false)).toRedirectTo("/cart");
    const added = await send({ intent: "add", variantId: lamp.variantId, redirectTo: "/products" }, false);
    expect(added).toRedirectTo("/products");
    await expect(added).toSetToast({ kind: "success", message: t("product.added") });
  });
});
