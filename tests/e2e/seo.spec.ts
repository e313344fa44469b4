/**
 * Findable, shareable and cacheable (docs/decisions/010-http-caching-and-seo.md; the page-weight
 * budgets of docs/decisions/016-storefront-javascript-budget.md):
 * sitemap and JSON-LD checked against the test database, canonical/Open Graph tags, robots.txt,
 * ETag/304 revalidation, cache headers of assets and images, responsive image attributes, and
 * the product page's gzipped HTML/CSS/JS budgets (scripts/bench/page-weight.ts, as `npm run size`).
 *
 * Tests that only exchange HTTP requests run once (project js-on); checks of server-rendered head
 * tags and image attributes run without JavaScript (serverMarkupOnly); client-side navigation and
 * the 304 page with scripts run with it.
 */
import Database from "better-sqlite3";
import type { APIRequestContext, Page } from "@playwright/test";
import { BUDGETS, measurePage } from "../../scripts/bench/page-weight";
import { expect, jsEnabled, serverMarkupOnly, test } from "./fixtures";
import { E2E_DB_PATH } from "./e2e-env";

type ProductRow = {
  id: number;
  name: string;
  description: string;
  /** The product's one variant (its default), and its SKU (null: none). */
  variantId: number;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  categoryId: number | null;
  categoryName: string | null;
};

/** Reads the e2e server's database (tests/e2e/server.ts), read-only. */
function readDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_PATH, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * A product of the demo catalogue with a category and a discount, so every JSON-LD field is
 * exercised, and without options: its one (default) variant's prices are the page's.
 */
function discountedProduct(): ProductRow {
  return readDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.name, p.description, v.id AS variantId, v.sku, v.pricePaisa, v.discountedPricePaisa, p.categoryId,
             c.name AS categoryName
           FROM Product p JOIN Category c ON c.id = p.categoryId
             JOIN ProductVariant v ON v.productId = p.id AND v.combinationKey = '' AND v.isActive = 1
           WHERE v.discountedPricePaisa IS NOT NULL AND v.discountedPricePaisa < v.pricePaisa
             AND NOT EXISTS (SELECT 1 FROM ProductOption o WHERE o.productId = p.id)
           ORDER BY p.id LIMIT 1`,
        )
        .get() as ProductRow,
  );
}

/** The id of a product with at least two images (for gallery and image checks). */
function productWithImages(): number {
  return readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT productId AS id FROM ProductImage GROUP BY productId HAVING COUNT(*) >= 2 ORDER BY productId LIMIT 1",
          )
          .get() as { id: number }
      ).id,
  );
}

/** Skips the current test in the js-off project: `what` needs no browser, so one run is enough. */
const onlyOnce = (what: string) =>
  test.skip(test.info().project.name !== "js-on", `${what}, the same in both projects: run once`);

/** Parses an XML document with the browser's own parser and returns the text of every `selector`. */
async function xmlTexts(page: Page, xml: string, selector: string): Promise<string[]> {
  return page.evaluate(
    ([source, sel]) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      if (doc.querySelector("parsererror")) throw new Error("sitemap is not well-formed XML");
      return [...doc.querySelectorAll(sel)].map((node) => node.textContent ?? "");
    },
    [xml, selector] as const,
  );
}

/** The JSON-LD blocks of the current page, parsed. */
async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("sitemap and robots.txt", () => {
  test("the sitemap is XML listing every category and every shown product of the database, in both languages", async ({
    page,
    request,
  }) => {
    onlyOnce("the sitemap is an HTTP answer");
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await response.text();
    await page.goto("/robots.txt");
    const locs = await xmlTexts(page, xml, "urlset > url > loc");
    const paths = locs.map((loc) => {
      const url = new URL(loc);
      expect(url.origin, "absolute URLs on the shop's origin").toBe(new URL(page.url()).origin);
      return url.pathname + url.search;
    });
    const { products, categories } = readDb((db) => ({
      // Hidden products are in no sitemap.
      products: (db.prepare("SELECT id FROM Product WHERE isPublished = 1 ORDER BY id").all() as { id: number }[]).map(
        (r) => r.id,
      ),
      categories: (db.prepare("SELECT id FROM Category ORDER BY id").all() as { id: number }[]).map((r) => r.id),
    }));
    expect(products.length).toBeGreaterThan(60);
    const english = [
      "/",
      "/products",
      ...categories.map((id) => `/products?category=${id}`),
      ...products.map((id) => `/products/${id}`),
    ];
    const expected = [...english, ...english.map((path) => (path === "/" ? "/bn" : `/bn${path}`))];
    expect(paths.sort()).toEqual(expected.sort());
    const lastmods = await xmlTexts(page, xml, "url > lastmod");
    expect(lastmods).toHaveLength(2 * (categories.length + products.length));
    for (const value of lastmods) expect(Number.isNaN(Date.parse(value))).toBe(false);
  });

  test("robots.txt keeps crawlers out of the back office and the cart and names the sitemap", async ({
    request,
    baseURL,
  }) => {
    onlyOnce("robots.txt is an HTTP answer");
    const response = await request.get("/robots.txt");
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/cart$/m);
    expect(text).toMatch(/^Disallow: \/order-success$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
  });
});

test.describe("head tags", () => {
  test("a product page has JSON-LD Product and BreadcrumbList matching the database", async ({ page, baseURL }) => {
    serverMarkupOnly("JSON-LD is rendered by the server");
    const product = discountedProduct();
    await page.goto(`/products/${product.id}`);
    const url = `${baseURL}/products/${product.id}`;
    const blocks = await jsonLdBlocks(page);
    const ld = blocks.find((block) => block["@type"] === "Product") as Record<string, unknown>;
    expect(ld).toBeDefined();
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld.name).toBe(product.name);
    expect(ld.description).toBe(product.description);
    // The variant's SKU; the product's id when it has none.
    expect(ld.sku).toBe(product.sku ?? String(product.id));
    expect(ld.url).toBe(url);
    const charged = Math.min(product.pricePaisa, product.discountedPricePaisa ?? Infinity);
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      price: (charged / 100).toFixed(2),
      priceCurrency: "BDT",
      availability: "https://schema.org/InStock",
      url,
    });
    const images = ld.image as string[];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(new RegExp(`^${baseURL}/uploads/[0-9a-f]{32}/\\d+\\.webp$`));

    const breadcrumb = blocks.find((block) => block["@type"] === "BreadcrumbList") as Record<string, unknown>;
    expect(breadcrumb.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
      {
        "@type": "ListItem",
        position: 2,
        name: product.categoryName,
        item: `${baseURL}/products?category=${product.categoryId}`,
      },
      { "@type": "ListItem", position: 3, name: product.name, item: url },
    ]);
  });

  test("JSON-LD is escaped so it cannot end its script element", async ({ request }) => {
    onlyOnce("the escaping is in the HTML the server sends");
    const html = await (await request.get(`/products/${discountedProduct().id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    // The shop's name "Haat Lights & Decor" appears as the seller: & is written \u0026, and no < > & is raw.
    expect(blocks[0]).toContain("\\u0026");
    for (const block of blocks) expect(block).not.toMatch(/[<>&]/);
  });

  test("a product page has a canonical URL, Open Graph and Twitter card tags, all absolute", async ({
    page,
    request,
    baseURL,
  }) => {
    serverMarkupOnly("canonical and share tags are rendered by the server");
    const product = discountedProduct();
    await page.goto(`/products/${product.id}?utm_source=test`);
    const head = page.locator("head");
    const url = `${baseURL}/products/${product.id}`;
    await expect(page).toHaveTitle(`${product.name} | Haat Lights & Decor`);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Haat Lights & Decor");
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
    const image = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^${baseURL}/uploads/[0-9a-f]{32}/1024\\.webp$`));
    await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1024");
    await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute("content", /^\d+$/);
    const shared = await request.get(image!);
    expect(shared.status()).toBe(200);
    expect(shared.headers()["content-type"]).toBe("image/webp");
  });

  test("listing pages: titles name the category, search and page; canonical drops sort; search is noindex", async ({
    page,
    baseURL,
  }) => {
    serverMarkupOnly("titles and canonical URLs are rendered by the server");
    const category = readDb(
      (db) => db.prepare("SELECT id, name FROM Category ORDER BY id LIMIT 1").get() as { id: number; name: string },
    );
    const canonical = page.locator('head link[rel="canonical"]');
    const robots = page.locator('head meta[name="robots"]');

    await page.goto("/");
    await expect(page).toHaveTitle(/^Haat Lights & Decor: /);
    await expect(canonical).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "website");

    await page.goto(`/products?category=${category.id}&sort=price-desc&page=1`);
    await expect(page).toHaveTitle(`${category.name} | Haat Lights & Decor`);
    await expect(canonical).toHaveAttribute("href", `${baseURL}/products?category=${category.id}`);
    await expect(robots).toHaveCount(0);

    await page.goto("/products?page=2&sort=price-asc");
    await expect(page).toHaveTitle("Products, page 2 | Haat Lights & Decor");
    await expect(canonical).toHaveAttribute("href", `${baseURL}/products?page=2`);

    await page.goto("/products?q=fan");
    await expect(page).toHaveTitle("Search results for “fan” | Haat Lights & Decor");
    await expect(robots).toHaveAttribute("content", "noindex, follow");
  });

  test("client-side navigation updates the title, canonical URL and JSON-LD", async ({ page, baseURL }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "client-side navigation needs JavaScript");
    await page.goto("/products");
    await page.waitForFunction(() => "__remixRouter" in window);
    const link = page.getByRole("article").first().getByRole("heading").getByRole("link");
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page).toHaveTitle(`${name} | Haat Lights & Decor`);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}${new URL(page.url()).pathname}`,
    );
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(2);
    expect((await jsonLdBlocks(page)).find((block) => block["@type"] === "Product")?.name).toBe(name);
  });

  test("the cart and the order confirmation are noindex", async ({ page, baseURL }) => {
    serverMarkupOnly("robots meta tags are rendered by the server");
    for (const pagePath of ["/cart", "/order-success?order=1"]) {
      await page.goto(pagePath);
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${pagePath.split("?")[0]}`,
      );
    }
  });
});

test.describe("HTTP caching", () => {
  /** GET with optional If-None-Match; returns status, ETag and body. */
  async function getPage(request: APIRequestContext, pagePath: string, ifNoneMatch?: string) {
    const response = await request.get(pagePath, { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });
    return {
      status: response.status(),
      etag: response.headers()["etag"],
      cacheControl: response.headers()["cache-control"],
      csp: response.headers()["content-security-policy"],
      body: await response.text(),
    };
  }

  test("catalogue pages carry an ETag and answer 304 to a matching If-None-Match", async ({ request }) => {
    onlyOnce("ETag and 304 are HTTP headers");
    const product = discountedProduct();
    for (const pagePath of ["/", "/products", `/products?category=${product.categoryId}`, `/products/${product.id}`]) {
      const first = await getPage(request, pagePath);
      expect(first.status, pagePath).toBe(200);
      expect(first.etag, pagePath).toMatch(/^W\/"[\w-]+"$/);
      expect(first.cacheControl, pagePath).toBe("private, no-cache");
      // Same page, new request (and a new CSP nonce): same validator.
      expect((await getPage(request, pagePath)).etag, pagePath).toBe(first.etag);
      const again = await getPage(request, pagePath, first.etag);
      expect(again.status, pagePath).toBe(304);
      expect(again.body, pagePath).toBe("");
      expect(again.etag, pagePath).toBe(first.etag);
      // A 304 must not replace the stored CSP: the stored page's scripts carry the old nonce.
      expect(again.csp, pagePath).toBeUndefined();
      expect((await getPage(request, pagePath, 'W/"something-else"')).status, pagePath).toBe(200);
    }
    // Single-fetch data requests of the same pages revalidate too.
    const data = await request.get(`/products/${product.id}.data`);
    const etag = data.headers()["etag"];
    expect(etag).toMatch(/^W\/"/);
    expect((await request.get(`/products/${product.id}.data`, { headers: { "If-None-Match": etag! } })).status()).toBe(
      304,
    );
  });

  test("a shopper whose cart changed never gets a stale cart badge", async ({ playwright, baseURL }) => {
    onlyOnce("cache validation is HTTP between two request contexts");
    const product = discountedProduct();
    const shopper = await playwright.request.newContext({ baseURL });
    try {
      const before = await getPage(shopper, `/products/${product.id}`);
      expect(before.body).not.toContain('aria-label="Cart, 1 items"');
      const added = await shopper.post("/cart", {
        form: { intent: "add", variantId: String(product.variantId), quantity: "1" },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(302);
      // The next page shows the toast and clears its cookie: a page setting a cookie gets no ETag.
      const withToast = await shopper.get("/products");
      expect(withToast.headers()["set-cookie"]).toBeDefined();
      expect(withToast.headers()["etag"]).toBeUndefined();
      const after = await getPage(shopper, `/products/${product.id}`, before.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(after.body).toContain("Cart, 1 items");
    } finally {
      await shopper.dispose();
    }
  });

  test("pages that set a cookie, the cart, admin pages and errors get no ETag", async ({ request }) => {
    onlyOnce("ETag headers are HTTP");
    const cart = await request.get("/cart");
    expect(cart.headers()["cache-control"]).toBe("private, no-store");
    expect(cart.headers()["etag"]).toBeUndefined();
    const missing = await request.get("/products/999999999");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["etag"]).toBeUndefined();
    const login = await request.get("/admin/login");
    expect(login.headers()["etag"]).toBeUndefined();
  });

  test("hashed assets and image variants are cached for a year, immutable", async ({ request }) => {
    onlyOnce("cache headers are HTTP");
    const html = await (await request.get(`/products/${productWithImages()}`)).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    for (const asset of new Set(assets)) {
      const cacheControl = (await request.get(asset)).headers()["cache-control"];
      expect(cacheControl, asset).toBe("public, max-age=31536000, immutable");
    }
    const variants = [...new Set([...html.matchAll(/(\/uploads\/[0-9a-f]{32}\/\d+\.webp)/g)].map((m) => m[1]!))];
    expect(variants.length).toBeGreaterThanOrEqual(6);
    for (const variant of variants) {
      const response = await request.get(variant);
      expect(response.headers()["content-type"], variant).toBe("image/webp");
      expect(response.headers()["cache-control"], variant).toBe("public, max-age=31536000, immutable");
    }
  });

  test("a page revalidated with 304 still runs its scripts under the stored CSP", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "checks that scripts still run under the stored CSP: needs JavaScript");
    const productPath = `/products/${discountedProduct().id}`;
    const loads: Promise<{ bodyBytes: number; csp?: string; etag?: string }>[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname !== productPath || response.request().resourceType() !== "document") return;
      loads.push(
        response
          .request()
          .sizes()
          .then((sizes) => ({
            bodyBytes: sizes.responseBodySize,
            csp: response.headers()["content-security-policy"],
            etag: response.headers()["etag"],
          })),
      );
    });
    await page.goto(productPath);
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.goto("/robots.txt");
    await page.goto(productPath);
    // Hydrated again: the inline scripts ran with the nonce stored with the page (a CSP violation
    // would also fail the test through the console-error fixture).
    await page.waitForFunction(() => "__remixRouter" in window);
    const [first, second] = await Promise.all(loads);
    expect(loads).toHaveLength(2);
    expect(first!.bodyBytes).toBeGreaterThan(0);
    // The browser revalidated and the server answered 304: no body came, the stored page and its
    // stored policy (the same nonce) were used.
    expect(second!.bodyBytes).toBe(0);
    expect(second!.etag).toBe(first!.etag);
    expect(second!.csp).toBe(first!.csp);
  });
});

test.describe("responsive images", () => {
  type ImageAttributes = Record<
    "src" | "srcset" | "sizes" | "width" | "height" | "loading" | "fetchpriority",
    string | null
  >;

  /**
   * The attributes of every image in main, after checking srcset (WebP variants, ascending widths),
   * sizes, width and height. An original narrower than 640 px has one variant only (images are never
   * enlarged, app/server/media/images.server.ts), as the product another test uploads with a 480 px photo
   * does; the demo images are wider, so most images on a page must offer several widths.
   */
  async function responsiveImages(page: Page): Promise<ImageAttributes[]> {
    const images = (await page
      .locator("main img")
      .evaluateAll((nodes) =>
        nodes.map((node) =>
          Object.fromEntries(
            ["src", "srcset", "sizes", "width", "height", "loading", "fetchpriority"].map((name) => [
              name,
              node.getAttribute(name),
            ]),
          ),
        ),
      )) as ImageAttributes[];
    expect(images.length).toBeGreaterThan(0);
    let withSeveralWidths = 0;
    for (const image of images) {
      expect(image.srcset).toMatch(
        /^\/uploads\/[0-9a-f]{32}\/\d+\.webp \d+w(, \/uploads\/[0-9a-f]{32}\/\d+\.webp \d+w)*$/,
      );
      const widths = image.srcset!.split(", ").map((entry) => {
        const [url, descriptor] = entry.split(" ");
        // Each variant's file is named after the width its descriptor announces.
        expect(url).toMatch(new RegExp(`/${descriptor!.slice(0, -1)}\\.webp$`));
        return Number(descriptor!.slice(0, -1));
      });
      expect(widths).toEqual([...widths].sort((a, b) => a - b));
      if (widths.length > 1) withSeveralWidths += 1;
      expect(image.src).toMatch(/^\/uploads\/[0-9a-f]{32}\/\d+\.webp$/);
      expect(image.sizes).toMatch(/\S/);
      expect(image.width).toMatch(/^[1-9]\d*$/);
      expect(image.height).toMatch(/^[1-9]\d*$/);
    }
    expect(withSeveralWidths).toBeGreaterThan(images.length / 2);
    return images;
  }

  test("home and listing images are responsive; those on a phone's first screen load at once, the rest lazily", async ({
    page,
  }) => {
    serverMarkupOnly("srcset, sizes, loading and fetchpriority are rendered by the server");
    // What a phone shows first: the first row of the home page's categories (two columns) and the
    // first card of /products (one column).
    const firstScreen: Record<string, string> = {
      "/": "section[aria-labelledby='categories-heading'] li:nth-child(-n+2) img",
      "/products": "main article:first-of-type img",
    };
    for (const [pagePath, selector] of Object.entries(firstScreen)) {
      await page.goto(pagePath);
      const images = await responsiveImages(page);
      const eager = await page
        .locator("main img")
        .evaluateAll((nodes, first) => nodes.map((node) => node.matches(first)), selector);
      expect(eager.filter(Boolean).length, `${pagePath}: images on the first screen`).toBeGreaterThan(0);
      expect(eager.length).toBeGreaterThan(eager.filter(Boolean).length);
      for (const [i, image] of images.entries()) {
        if (eager[i])
          expect(image, `${pagePath} image ${i}`).toMatchObject({ loading: "eager", fetchpriority: "high" });
        else {
          expect(image.loading, `${pagePath} image ${i}`).toBe("lazy");
          expect(image.fetchpriority, `${pagePath} image ${i}`).not.toBe("high");
        }
      }
    }
  });

  test("the product page's first image loads eagerly with high priority, the others lazily", async ({ page }) => {
    serverMarkupOnly("loading and fetchpriority are rendered by the server");
    await page.goto(`/products/${productWithImages()}`);
    const [first, ...others] = await responsiveImages(page);
    expect(first).toMatchObject({ loading: "eager", fetchpriority: "high" });
    expect(others.length).toBeGreaterThan(0);
    for (const image of others) {
      expect(image.loading).toBe("lazy");
      expect(image.fetchpriority).not.toBe("high");
    }
  });
});

for (const prefix of ["", "/bn"]) {
  test(`the product page${prefix ? " in Bangla" : ""} is within its budgets: HTML ≤ 30 KB, CSS ≤ 20 KB, JS ≤ 100 KB gzipped`, async ({
    baseURL,
  }) => {
    onlyOnce("page weight is measured from HTTP answers");
    const weight = await measurePage(`${baseURL}/`, `${prefix}/products/${discountedProduct().id}`);
    test.info().annotations.push({ type: "page weight (bytes, gzip)", description: JSON.stringify(weight) });
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.html, "HTML").toBeLessThanOrEqual(BUDGETS.html);
    expect(weight.css, "CSS").toBeLessThanOrEqual(BUDGETS.css);
    expect(weight.js, "JavaScript").toBeLessThanOrEqual(BUDGETS.js);
  });
}

test("the stylesheet is inside the page, and stays there through client-side navigation", async ({ page }) => {
  // Production inlines the whole stylesheet (docs/decisions/038-inline-stylesheet.md): no request
  // blocks the first paint. React must never empty that <style> once it hydrates the page.
  const styled = async () =>
    page.evaluate(() => ({
      links: document.querySelectorAll('link[rel="stylesheet"]').length,
      inline: [...document.querySelectorAll("head style")].reduce(
        (n, style) => n + (style.textContent ?? "").length,
        0,
      ),
      // bg-stone-50 on <body>: white (the browser's default) when no stylesheet applies.
      background: getComputedStyle(document.body).backgroundColor,
    }));
  await page.goto("/");
  const first = await styled();
  expect(first.links).toBe(0);
  expect(first.inline).toBeGreaterThan(10_000);
  expect(first.background).not.toBe("rgb(255, 255, 255)");
  expect(first.background).not.toBe("rgba(0, 0, 0, 0)");
  // With JavaScript this is a client-side navigation (the document and its <head> stay); without,
  // a new page that brings its own copy.
  const product = page.getByRole("article").first().getByRole("heading").getByRole("link");
  await product.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await styled()).toEqual(first);
  await page.goto("/admin/login");
  expect(await styled()).toEqual(first);
});
