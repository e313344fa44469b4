/**
 * A product hidden from the shop (`isPublished` false: a draft, or an archived product imported
 * from Shopify) against a real SQLite database: absent from the home page's featured products,
 * /products (with and without a search, long and short, with and without a category, the totals
 * counting only shown products), the search suggestions and the sitemap; its page a 404; adding it
 * to the cart refused; a cart that held it before it was hidden drops it and cannot check it out;
 * staff cannot add it to an order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import { loader as homeLoader } from "~/routes/_shop._index";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { loader as productLoader } from "~/routes/_shop.products.$id";
import { loader as productsLoader } from "~/routes/_shop.products._index";
import { action as editAction, loader as editLoader } from "~/routes/admin.orders.edit.$id/route";
import { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import { loader as sitemapLoader } from "~/routes/[sitemap.xml]";
import { CART_FETCH_FIELD, CART_FETCH_VALUE } from "~/components/cart/cart-contract";
import type { SearchSuggestionsResponse } from "~/rules/search";
import { serverTranslator } from "~/server/i18n.server";
import { CookieJar, createAdmin, createCategory, createProduct, get, post, run, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

const t = serverTranslator("en");

/** Hides a product from the shop, as unticking "Shown in the shop" does. */
const hide = (id: number) => prisma.product.update({ where: { id }, data: { isPublished: false } });

let lamps: { id: number };
let shown: { id: number; variantId: number };
let hidden: { id: number; variantId: number };

beforeAll(async () => {
  lamps = await createCategory("Quill Lamps");
  const other = await createCategory("Quill Other");
  // Five shown and three hidden "Quillon" lamps in the category, two of each elsewhere.
  shown = await createProduct({ name: "Quillon Shown 1", pricePaisa: 10_000, categoryId: lamps.id, isFeatured: true });
  hidden = await createProduct({ name: "Quillon Hidden 1", pricePaisa: 9_000, categoryId: lamps.id, isFeatured: true });
  for (const n of [2, 3, 4, 5])
    await createProduct({ name: `Quillon Shown ${n}`, pricePaisa: 10_000, categoryId: lamps.id });
  for (const n of [2, 3])
    await hide((await createProduct({ name: `Quillon Hidden ${n}`, pricePaisa: 1, categoryId: lamps.id })).id);
  for (const n of [6, 7]) await createProduct({ name: `Quillon Shown ${n}`, pricePaisa: 10_000, categoryId: other.id });
  for (const n of [4, 5])
    await hide((await createProduct({ name: `Quillon Hidden ${n}`, pricePaisa: 1, categoryId: other.id })).id);
  await hide(hidden.id);
});

/** Every product of a listing, read in one page; its total. */
async function listed(options: Parameters<typeof listProducts>[0]) {
  const page = await listProducts({ ...options, pageSize: 1000 });
  return { names: page.items.map((card) => card.name), total: page.total };
}

const hiddenNames = (names: string[]) => names.filter((name) => name.includes("Hidden"));

describe("the storefront leaves hidden products out", () => {
  it("home's featured products", async () => {
    const { featured } = await runData(homeLoader, get("/"));
    expect(featured.map((card) => card.id)).toContain(shown.id);
    expect(featured.map((card) => card.id)).not.toContain(hidden.id);
  });

  it("/products with and without a search and a category, the totals counting shown products only", async () => {
    const shownCount = await prisma.product.count({ where: { isPublished: true } });
    const all = await listed({});
    expect(hiddenNames(all.names)).toEqual([]);
    expect(all.total).toBe(shownCount);
    expect(all.names).toHaveLength(shownCount);

    // A search of three characters or more: its total comes from the full-text index, less the hidden matches.
    expect(await listed({ query: "quillon" })).toEqual({
      names: [1, 2, 3, 4, 5, 6, 7].map((n) => `Quillon Shown ${n}`),
      total: 7,
    });
    // Short searches match with LIKE; "Hi" is in every hidden name and none of the shown ones.
    expect(hiddenNames((await listed({ query: "Hi" })).names)).toEqual([]);
    expect((await listed({ query: "Qu" })).names.filter((name) => name.startsWith("Quillon"))).toHaveLength(7);
    // A category, with and without a search, by price (the hidden ones are the cheapest).
    for (const query of [null, "quillon", "Qu"]) {
      expect(await listed({ categoryId: lamps.id, query, sort: "price-asc" })).toEqual({
        names: [1, 2, 3, 4, 5].map((n) => `Quillon Shown ${n}`),
        total: 5,
      });
    }
  });

  it("/products walks the order's index for a search matching thousands, the hidden ones still left out", async () => {
    const category = await createCategory("Quill Many");
    await prisma.product.createMany({
      data: Array.from({ length: 5_100 }, (_, i) => ({
        name: `Quillmany ${String(i).padStart(4, "0")}`,
        slug: `quillmany-${i}`,
        description: "x",
        categoryId: category.id,
        // Every tenth one hidden; "Quillmany 0000" first by name among them.
        isPublished: i % 10 !== 0,
      })),
    });
    const first = await listProducts({ query: "quillmany" });
    expect(first.total).toBe(5_100 - 510);
    expect(first.items[0]!.name).toBe("Quillmany 0001");
    expect(first.items.map((card) => card.name)).not.toContain("Quillmany 0010");
    const inCategory = await listProducts({ query: "quillmany", categoryId: category.id, sort: "price-desc", page: 2 });
    expect(inCategory.total).toBe(5_100 - 510);
    expect(inCategory.items.every((card) => !/0$/.test(card.name))).toBe(true);
    await prisma.product.deleteMany({ where: { categoryId: category.id } });
  });

  it("the /products loader, with a category and a search", async () => {
    const data = await runData(productsLoader, get(`/products?category=${lamps.id}&q=quillon`));
    expect(data.products.total).toBe(5);
    expect(data.products.items.map((card) => card.id)).toContain(shown.id);
    expect(data.products.items.map((card) => card.id)).not.toContain(hidden.id);
  });

  it("the search suggestions", async () => {
    expect((await searchProductSuggestions("quillon hid", 10)).map((s) => s.name)).toEqual([]);
    const response = (await suggestionsLoader({
      request: get("/resources/search-suggestions?q=Quillon"),
      params: {},
      context: {},
    })) as Response;
    const body = (await response.json()) as SearchSuggestionsResponse;
    expect(body.suggestions.map((s) => s.name).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Quillon Shown ${n}`));
    expect((await searchProductSuggestions("Hi", 50)).filter((s) => s.name.includes("Hidden"))).toEqual([]);
  });

  it("the sitemap", async () => {
    const response = (await sitemapLoader({ request: get("/sitemap.xml"), params: {}, context: {} })) as Response;
    const text = await response.text();
    expect(text).toContain(`/products/${shown.id}</loc>`);
    expect(text).not.toContain(`/products/${hidden.id}</loc>`);
    const locs = [...text.matchAll(/<loc>[^<]*\/products\/\d+<\/loc>/g)];
    expect(locs).toHaveLength(2 * (await prisma.product.count({ where: { isPublished: true } })));
  });

  it("its page answers 404 like a missing product's, in both languages", async () => {
    for (const path of [`/products/${hidden.id}`, `/bn/products/${hidden.id}`]) {
      expect((await run(productLoader, get(path), { id: String(hidden.id) })).status).toBe(404);
    }
    expect((await run(productLoader, get(`/products/${shown.id}`), { id: String(shown.id) })).status).toBe(200);
  });
});

describe("a hidden product cannot be bought", () => {
  /** Posts a cart form with the jar's cookies, keeping what the answer sets. */
  async function send(jar: CookieJar, fields: Record<string, string | number>) {
    const outcome = await run(cartAction, post("/cart", fields, jar));
    jar.take(outcome.headers);
    return outcome;
  }

  it("adding it to the cart is refused as for a product no longer sold, with and without JavaScript", async () => {
    const jar = new CookieJar();
    const plain = await send(jar, { intent: "add", variantId: hidden.variantId, quantity: 1, redirectTo: "/products" });
    expect(plain).toRedirectTo("/cart");
    await expect(plain).toSetToast({ kind: "error", message: t("cart.notFound") });
    const fetched = await send(jar, {
      intent: "buy-now",
      variantId: hidden.variantId,
      quantity: 1,
      [CART_FETCH_FIELD]: CART_FETCH_VALUE,
    });
    expect(fetched).toMatchObject({ status: 404, data: { ok: false, message: t("cart.notFound") } });
    // A form from a page rendered before variants names the product: refused too.
    await send(jar, { intent: "add", productId: hidden.id, quantity: 1, redirectTo: "/products" });
    expect((await runData(cartLoader, get("/cart", jar))).lineItems).toEqual([]);
  });

  it("a cart that held it before it was hidden drops it, and its checkout is refused", async () => {
    const product = await createProduct({ name: "Quillon Hidden Later", pricePaisa: 40_000 });
    const jar = new CookieJar();
    await send(jar, { intent: "add", variantId: shown.variantId, quantity: 1, redirectTo: "/" });
    await send(jar, { intent: "add", variantId: product.variantId, quantity: 2, redirectTo: "/" });
    const before = await runData(cartLoader, get("/cart", jar));
    expect(before.lineItems).toHaveLength(2);

    await hide(product.id);
    // The checkout form as it was shown, with the hidden product in it: refused, the line dropped.
    const refused = await send(jar, {
      intent: "checkout",
      name: "Karim Uddin",
      phone: "01812345678",
      address: "Flat 3B, 22 Green Road",
      area: "Dhanmondi",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      checkoutToken: before.checkoutToken,
      expectedSubtotalPaisa: before.subtotalPaisa,
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ formError: t("cart.productRemoved"), cartChanged: true });
    expect(await prisma.order.count({ where: { checkoutToken: before.checkoutToken } })).toBe(0);
    const after = await runData(cartLoader, get("/cart", jar));
    expect(after.lineItems.map((line) => line.variant.variantId)).toEqual([shown.variantId]);
  });

  it("a cart page drops it with the notice", async () => {
    const product = await createProduct({ name: "Quillon Hidden Cart", pricePaisa: 40_000 });
    const jar = new CookieJar();
    await send(jar, { intent: "add", variantId: product.variantId, quantity: 1, redirectTo: "/" });
    await hide(product.id);
    const page = await run(cartLoader, get("/cart", jar));
    expect(page.data).toMatchObject({ lineItems: [], productsRemoved: true });
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("haat_cart="))).toBe(true);
  });

  it("staff are not offered it when adding a product to an order, and adding it is refused", async () => {
    const admin = await createAdmin();
    const staff = await signedInJar(admin.id);
    const id = await placeOrder([[shown.variantId, 1]]);
    const params = { id: String(id) };
    const page = await runData(editLoader, get(`/admin/orders/edit/${id}?q=quillon`, staff), params);
    expect(page.results.map((result) => result.name)).not.toContain("Quillon Hidden 1");
    expect(page.results.map((result) => result.name)).toContain("Quillon Shown 1");
    const added = await run(
      editAction,
      post(
        `/admin/orders/edit/${id}`,
        { intent: "add", variantId: hidden.variantId, quantity: 1, version: page.version },
        staff,
      ),
      params,
    );
    expect(added).toRedirectTo(`/admin/orders/edit/${id}`);
    await expect(added).toSetToast({ kind: "error", message: enAdmin["admin.edit.productMissing"] });
    expect(await prisma.orderItem.count({ where: { orderId: id } })).toBe(1);
  });
});
