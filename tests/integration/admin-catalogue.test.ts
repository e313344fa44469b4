/**
 * The admin catalogue: product and category create, edit and delete
 * through the routes' actions, with real multipart bodies, the upload limits and content sniffing
 * of app/server/media/uploads.server.ts (docs/decisions/013-image-uploads.md), and the files left (or
 * not) under UPLOADS_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as createProductAction, loader as createProductLoader } from "~/routes/admin.products.create";
import { action as editProductAction, loader as editProductLoader } from "~/routes/admin.products.edit.$id";
import { action as productListAction, loader as productListLoader } from "~/routes/admin.products._index";
import { action as saveAction, loader as saveLoader } from "~/routes/admin.$list.upload";
import { action as createCategoryAction } from "~/routes/admin.categories.create";
import { action as editCategoryAction, loader as editCategoryLoader } from "~/routes/admin.categories.edit.$id";
import { action as categoryListAction, loader as categoryListLoader } from "~/routes/admin.categories._index";
import { prisma } from "~/models/db/client.server";
import { MAX_FILE_BYTES } from "~/server/media/uploads.server";
import {
  allowConsoleError,
  type CookieJar,
  createAdmin,
  createCategory,
  createProduct,
  defaultVariantOf,
  expectData,
  get,
  multipart,
  post,
  run,
  signedInJar,
  withInsertsFailing,
  withTableUnavailable,
  type HandlerData,
  type RouteHandler,
} from "./helpers";

const FIXTURES = path.resolve("tests/fixtures/images");
const uploadsDir = () => process.env.UPLOADS_DIR!;

/** A small JPEG of one colour, `width` × `height` px. */
function jpeg(width = 800, height = 600, colour = "#c0392b"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** Image folders under UPLOADS_DIR (32-hex names). */
function storedKeys(): string[] {
  if (!fs.existsSync(uploadsDir())) return [];
  return fs.readdirSync(uploadsDir()).filter((name) => /^[a-f0-9]{32}$/.test(name));
}

async function admin() {
  return signedInJar((await createAdmin()).id);
}

function productFields(categoryId: number, overrides: Record<string, string> = {}) {
  return {
    name: "Brass Table Lamp",
    price: "2,450.50",
    discountedPrice: "",
    categoryId: String(categoryId),
    description: "A warm brass lamp.",
    ...overrides,
  };
}

/** A field of the product form that can have an error message. */
type ProductField = keyof HandlerData<typeof createProductAction>["fieldErrors"];

describe("creating a product", () => {
  it("stores the fields in paisa, the slug and the images in order, then goes to the list with a toast", async () => {
    const jar = await admin();
    const category = await createCategory("Lighting");
    const before = storedKeys().length;
    const outcome = await run(
      createProductAction,
      multipart(
        "/admin/products/create",
        { ...productFields(category.id), isFeatured: "on", discountedPrice: "1999" },
        [
          { field: "images", name: "first.jpg", bytes: await jpeg(800, 600, "#111111") },
          { field: "images", name: "second.webp", bytes: fixture("garden.webp"), type: "image/webp" },
        ],
        jar,
      ),
    );
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    await expect(outcome).toSetToast({ kind: "success", message: "Product “Brass Table Lamp” created." });
    const product = await prisma.product.findFirstOrThrow({
      where: { name: "Brass Table Lamp" },
      include: { images: { orderBy: { position: "asc" }, include: { image: true } } },
    });
    expect(product).toMatchObject({
      slug: "brass-table-lamp",
      minPricePaisa: 199900,
      maxPricePaisa: 199900,
      categoryId: category.id,
      isFeatured: true,
      description: "A warm brass lamp.",
    });
    expect(await prisma.productVariant.findMany({ where: { productId: product.id } })).toMatchObject([
      { combinationKey: "", pricePaisa: 245050, discountedPricePaisa: 199900, isActive: true },
    ]);
    // 800 × 600 and 960 × 600 originals, largest variants 768 px wide.
    expect(product.images.map((i) => [i.position, i.image.width, i.image.height])).toEqual([
      [0, 768, 576],
      [1, 768, 480],
    ]);
    expect(storedKeys().length).toBe(before + 2);
    for (const { image } of product.images) {
      const file = path.join(uploadsDir(), image.key, `${image.variantWidths.split(",")[0]}.webp`);
      expect((await sharp(file).metadata()).format).toBe("webp");
    }
  });

  it("treats an empty discounted price as none and allows one above the price", async () => {
    const jar = await admin();
    const category = await createCategory();
    await run(
      createProductAction,
      multipart("/admin/products/create", productFields(category.id, { name: "No Discount" }), [], jar),
    );
    await run(
      createProductAction,
      multipart(
        "/admin/products/create",
        productFields(category.id, { name: "Odd Discount", price: "100", discountedPrice: "150.5" }),
        [],
        jar,
      ),
    );
    expect((await defaultVariantOf({ name: "No Discount" })).discountedPricePaisa).toBeNull();
    expect((await defaultVariantOf({ name: "Odd Discount" })).discountedPricePaisa).toBe(15050);
  });

  it("refuses invalid fields with the messages and keeps every typed value", async () => {
    const jar = await admin();
    const cases: [Record<string, string>, ProductField, string][] = [
      [{ name: "  " }, "name", "Please enter the product name."],
      [{ price: "" }, "price", "Please enter the price."],
      [
        { price: "abc" },
        "price",
        "Please enter an amount in taka with at most 2 decimals, for example 1250 or 1250.50.",
      ],
      [
        { price: "12.345" },
        "price",
        "Please enter an amount in taka with at most 2 decimals, for example 1250 or 1250.50.",
      ],
      [{ price: "-5" }, "price", "The price cannot be negative."],
      [{ price: "10000000.01" }, "price", "The price can be at most ৳1,00,00,000.00 (1 crore)."],
      [{ price: "999999999" }, "price", "The price can be at most ৳1,00,00,000.00 (1 crore)."],
      [{ discountedPrice: "-1" }, "discountedPrice", "The price cannot be negative."],
      [{ categoryId: "" }, "categoryId", "Please select a category."],
      [{ description: "" }, "description", "Please enter a description."],
    ];
    const category = await createCategory();
    for (const [override, field, message] of cases) {
      const fields = productFields(category.id, { name: "Kept Name", ...override });
      const outcome = await run(createProductAction, multipart("/admin/products/create", fields, [], jar));
      expect(outcome.status, JSON.stringify(override)).toBe(400);
      const problem = expectData(outcome);
      expect(problem.fieldErrors[field]).toBe(message);
      expect(problem.values).toMatchObject(fields);
    }
    expect(await prisma.product.count({ where: { name: "Kept Name" } })).toBe(0);
  });

  it("accepts exactly ৳1 crore", async () => {
    const jar = await admin();
    const category = await createCategory();
    const outcome = await run(
      createProductAction,
      multipart(
        "/admin/products/create",
        productFields(category.id, { name: "Chandelier", price: "10000000" }),
        [],
        jar,
      ),
    );
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    expect((await defaultVariantOf({ name: "Chandelier" })).pricePaisa).toBe(1_000_000_000);
  });

  it("refuses a category that does not exist", async () => {
    const jar = await admin();
    const outcome = await run(createProductAction, multipart("/admin/products/create", productFields(987654), [], jar));
    expect(outcome.status).toBe(400);
    expect(expectData(outcome).fieldErrors.categoryId).toBe("That category no longer exists. Please select another.");
  });

  it("loads the categories for the select, or says 'Failed to load categories' (500) when that fails", async () => {
    const jar = await admin();
    const category = await createCategory("Select Me");
    const loaded = await run(createProductLoader, get("/admin/products/create", jar));
    expect(expectData(loaded).categories).toContainEqual({
      id: category.id,
      name: "Select Me",
      nameBn: "",
    });

    allowConsoleError();
    const failed = await withTableUnavailable("Category", () =>
      run(createProductLoader, get("/admin/products/create", jar)),
    );
    expect(failed.status).toBe(500);
    expect(failed.data).toEqual({ categories: [], loadFailed: true });
  });
});

describe("upload rejections", () => {
  it("names each refused file and its reason, keeps the fields and writes nothing", async () => {
    const jar = await admin();
    const category = await createCategory();
    const before = storedKeys();
    const fields = productFields(category.id, { name: "Rejected Lamp" });
    const outcome = await run(
      createProductAction,
      multipart(
        "/admin/products/create",
        fields,
        [
          {
            field: "images",
            name: "holiday.jpg",
            bytes: Buffer.from("Dear diary, this is text, not a JPEG.\n".repeat(20)),
          },
          { field: "images", name: "huge.jpg", bytes: Buffer.alloc(MAX_FILE_BYTES + 1, 0xff) },
          { field: "images", name: "bomb.png", bytes: fixture("pixel-bomb-20000x20000.png"), type: "image/png" },
          {
            field: "images",
            name: "vector.svg",
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
            type: "image/svg+xml",
          },
          { field: "images", name: "good.jpg", bytes: await jpeg() },
        ],
        jar,
      ),
    );
    expect(outcome.status).toBe(400);
    const problem = expectData(outcome);
    expect(problem.fileErrors).toEqual([
      "huge.jpg is larger than 10 MB.",
      "holiday.jpg is not an image we can read.",
      "bomb.png has too many pixels (at most 40 megapixels).",
      "vector.svg is in a format we do not accept: use JPEG, PNG, WebP, GIF, TIFF or AVIF.",
      "Your other entries are kept, but files cannot be kept: please choose the images again.",
    ]);
    expect(problem.values).toMatchObject(fields);
    expect(problem.fieldErrors).toEqual({});
    expect(await prisma.product.count({ where: { name: "Rejected Lamp" } })).toBe(0);
    expect(storedKeys()).toEqual(before);
  });

  it("refuses the files past the tenth", async () => {
    const jar = await admin();
    const category = await createCategory();
    const small = await jpeg(40, 30);
    const files = Array.from({ length: 11 }, (_, i) => ({ field: "images", name: `photo-${i + 1}.jpg`, bytes: small }));
    const outcome = await run(
      createProductAction,
      multipart("/admin/products/create", productFields(category.id, { name: "Too Many" }), files, jar),
    );
    expect(outcome.status).toBe(400);
    expect(expectData(outcome).fileErrors[0]).toBe(
      "photo-11.jpg was not uploaded: at most 10 images can be sent at once.",
    );
    expect(await prisma.product.count({ where: { name: "Too Many" } })).toBe(0);
  });

  it("never uses the file name: a path in it goes nowhere, the stored names are the server's", async () => {
    const jar = await admin();
    const category = await createCategory();
    const outcome = await run(
      createProductAction,
      multipart(
        "/admin/products/create",
        productFields(category.id, { name: "Traversal" }),
        [{ field: "images", name: "../../../../etc/evil.jpg", bytes: await jpeg() }],
        jar,
      ),
    );
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    const { images } = await prisma.product.findFirstOrThrow({
      where: { name: "Traversal" },
      include: { images: { include: { image: true } } },
    });
    expect(images[0]!.image.key).toMatch(/^[a-f0-9]{32}$/);
    expect(fs.readdirSync(uploadsDir()).some((name) => name.includes("evil"))).toBe(false);
  });

  it("removes the files it wrote when the database write fails, and shows the spec's banner", async () => {
    allowConsoleError();
    const jar = await admin();
    const category = await createCategory();
    const before = storedKeys();
    const request = multipart(
      "/admin/products/create",
      productFields(category.id, { name: "Db Failure" }),
      [
        { field: "images", name: "a.jpg", bytes: await jpeg() },
        { field: "images", name: "b.jpg", bytes: await jpeg(500, 400) },
      ],
      jar,
    );
    const outcome = await withInsertsFailing("Product", () => run(createProductAction, request));
    expect(await prisma.product.count({ where: { name: "Db Failure" } })).toBe(0);
    expect(await prisma.image.count({ where: { key: { notIn: before } } })).toBe(0);
    expect(outcome.status).toBe(500);
    const problem = expectData(outcome);
    expect(problem.formError).toBe("Failed to save product. Please try again.");
    expect(problem.values.name).toBe("Db Failure");
    expect(storedKeys()).toEqual(before);
    expect(fs.readdirSync(uploadsDir()).filter((name) => name.startsWith(".tmp-"))).toEqual([]);
  });

  it("refuses a body that is not multipart with a clear message", async () => {
    const jar = await admin();
    const outcome = await run(createProductAction, post("/admin/products/create", { name: "x" }, jar));
    expect(outcome.status).toBe(400);
    expect(expectData(outcome).formError).toBe("The form could not be read. Please try again.");
  });
});

async function productWithImages(jar: CookieJar, count: number) {
  const category = await createCategory();
  const colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"];
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      field: "images",
      name: `${i}.jpg`,
      bytes: await jpeg(400 + i * 10, 300, colours[i]),
    })),
  );
  const name = `Lamp ${Math.random().toString(36).slice(2, 8)}`;
  await run(createProductAction, multipart("/admin/products/create", productFields(category.id, { name }), files, jar));
  return prisma.product.findFirstOrThrow({
    where: { name },
    include: { images: { orderBy: { position: "asc" }, include: { image: true } } },
  });
}

describe("editing a product", () => {
  it("regenerates the slug from a changed name and keeps, removes, reorders and appends images", async () => {
    const jar = await admin();
    const product = await productWithImages(jar, 3);
    const [a, b, c] = product.images.map((link) => link.image);
    const outcome = await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${product.id}`,
        {
          ...productFields(product.categoryId!, { name: "Renamed Floor Lamp", price: "99.9" }),
          imageId: [String(a!.id), String(b!.id), String(c!.id)],
          [`position-${a!.id}`]: "3",
          [`position-${b!.id}`]: "2",
          [`position-${c!.id}`]: "1",
          [`remove-${b!.id}`]: "on",
        },
        [{ field: "images", name: "new.png", bytes: fixture("yellowflower-transparent.png"), type: "image/png" }],
        jar,
      ),
      { id: String(product.id) },
    );
    expect(outcome).toRedirectTo("/admin/products");
    await expect(outcome).toSetToast({ kind: "success", message: "Product “Renamed Floor Lamp” saved." });
    const after = await prisma.product.findUniqueOrThrow({
      where: { id: product.id },
      include: { images: { orderBy: { position: "asc" }, include: { image: true } } },
    });
    expect(after.slug).toBe("renamed-floor-lamp");
    expect((await defaultVariantOf({ id: product.id })).pricePaisa).toBe(9990);
    expect(after).toMatchObject({ minPricePaisa: 9990, maxPricePaisa: 9990 });
    expect(after.images.map((link) => link.imageId).slice(0, 2)).toEqual([c!.id, a!.id]);
    expect(after.images.map((link) => link.position)).toEqual([0, 1, 2]);
    expect(after.images[2]!.image.variantWidths).toBe("320"); // the 480 px PNG appended last
    // The removed image's row and files are gone; the kept ones are untouched.
    expect(await prisma.image.findUnique({ where: { id: b!.id } })).toBeNull();
    expect(fs.existsSync(path.join(uploadsDir(), b!.key))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(), a!.key))).toBe(true);
  });

  it("ignores image ids that are not the product's and keeps images the form did not mention", async () => {
    const jar = await admin();
    const mine = await productWithImages(jar, 2);
    const other = await productWithImages(jar, 1);
    const foreign = other.images[0]!.imageId;
    await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${mine.id}`,
        {
          ...productFields(mine.categoryId!, { name: mine.name }),
          imageId: [String(mine.images[1]!.imageId), String(foreign)],
        },
        [],
        jar,
      ),
      { id: String(mine.id) },
    );
    const after = await prisma.productImage.findMany({ where: { productId: mine.id }, orderBy: { position: "asc" } });
    // The listed image comes first, the unlisted one is kept after it; the foreign one is not taken.
    expect(after.map((link) => link.imageId)).toEqual([mine.images[1]!.imageId, mine.images[0]!.imageId]);
    expect(await prisma.productImage.count({ where: { imageId: foreign, productId: other.id } })).toBe(1);
  });

  it("keeps the slug when the name is unchanged, and answers 'Product not found' for a missing product", async () => {
    const jar = await admin();
    const product = await createProduct({
      name: "Ceiling Fan",
      pricePaisa: 500000,
      categoryId: (await createCategory()).id,
    });
    await prisma.product.update({ where: { id: product.id }, data: { slug: "ceiling-fan" } });
    await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${product.id}`,
        productFields(product.categoryId!, { name: "Ceiling Fan" }),
        [],
        jar,
      ),
      { id: String(product.id) },
    );
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).slug).toBe("ceiling-fan");
    for (const id of ["999999", "abc", "0", "01"]) {
      const loaded = await run(editProductLoader, get(`/admin/products/edit/${id}`, jar), { id });
      expect(loaded.status).toBe(404);
      expect(loaded.kind).toBe("response");
    }
    const saved = await run(
      editProductAction,
      multipart(`/admin/products/edit/999999`, productFields(product.categoryId!), [], jar),
      { id: "999999" },
    );
    expect(saved.status).toBe(404);
  });

  it("answers 'Failed to load data' (500) when loading fails", async () => {
    const jar = await admin();
    const product = await createProduct({ pricePaisa: 100 });
    allowConsoleError();
    // The loader throws: Remix answers 500 and the page's ErrorBoundary shows 'Failed to load data.'
    // (app/components/admin/admin-error-boundary.test.tsx).
    await expect(
      withTableUnavailable("Category", () =>
        run(editProductLoader, get(`/admin/products/edit/${product.id}`, jar), { id: String(product.id) }),
      ),
    ).rejects.toThrow(/Category/);
  });

  it("loads the product with its images and the categories", async () => {
    const jar = await admin();
    const product = await productWithImages(jar, 2);
    const loaded = await run(editProductLoader, get(`/admin/products/edit/${product.id}`, jar), {
      id: String(product.id),
    });
    const data = expectData(loaded);
    expect(data.product.images.map((i) => i.imageId)).toEqual(product.images.map((i) => i.imageId));
    expect(data.categories.length).toBeGreaterThan(0);
  });
});

describe("deleting a product", () => {
  it("asks first (GET ?delete shows the product; nothing is deleted), deletes on POST, keeps orders, removes files", async () => {
    const jar = await admin();
    const product = await productWithImages(jar, 1);
    const key = product.images[0]!.image.key;
    const variant = await defaultVariantOf({ id: product.id });
    const order = await prisma.order.create({
      data: {
        customerName: "Rahim",
        customerPhone: "01712345678",
        customerAddress: "Dhaka",
        shippingMethod: "Inside Dhaka",
        shippingFeePaisa: 6000,
        subtotalPaisa: 245050,
        totalPaisa: 251050,
        itemCount: 1,
        productId: product.id,
        checkoutToken: `t-${Math.random()}`,
        items: {
          create: [
            {
              productId: product.id,
              variantId: variant.id,
              productName: product.name,
              unitPricePaisa: 245050,
              quantity: 1,
              subtotalPaisa: 245050,
            },
          ],
        },
      },
    });
    const confirm = await run(productListLoader, get(`/admin/products?delete=${product.id}`, jar));
    expect(expectData(confirm).toDelete).toEqual({
      id: product.id,
      name: product.name,
    });
    expect(expectData(confirm).deleteMissing).toBe(false);
    expect(await prisma.product.count({ where: { id: product.id } })).toBe(1);

    const outcome = await run(
      productListAction,
      post("/admin/products?index", { intent: "delete", id: product.id, q: "Lamp", page: "2" }, jar),
    );
    expect(outcome).toRedirectTo("/admin/products?q=Lamp&page=2");
    await expect(outcome).toSetToast({ kind: "success", message: `Product “${product.name}” deleted.` });
    expect(await prisma.product.count({ where: { id: product.id } })).toBe(0);
    const items = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    expect(items).toMatchObject([
      { productId: null, variantId: null, productName: product.name, subtotalPaisa: 245050 },
    ]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).productId).toBeNull();
    expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(false);
  });

  it("a confirmation step for a product that is gone says it is not found (and a malformed id asks nothing)", async () => {
    const jar = await admin();
    const gone = expectData(await run(productListLoader, get("/admin/products?delete=999999", jar)));
    expect(gone.toDelete).toBeNull();
    expect(gone.deleteMissing).toBe(true);
    const malformed = expectData(await run(productListLoader, get("/admin/products?delete=01", jar)));
    expect(malformed.toDelete).toBeNull();
    expect(malformed.deleteMissing).toBe(false);
  });

  it("keeps an image another product still uses", async () => {
    const jar = await admin();
    const product = await productWithImages(jar, 1);
    const shared = product.images[0]!.image;
    const other = await createProduct({ pricePaisa: 100 });
    await prisma.productImage.create({ data: { productId: other.id, imageId: shared.id, position: 0 } });
    await run(productListAction, post("/admin/products?index", { intent: "delete", id: product.id }, jar));
    expect(await prisma.image.count({ where: { id: shared.id } })).toBe(1);
    expect(fs.existsSync(path.join(uploadsDir(), shared.key))).toBe(true);
  });

  it("searches by name and pages", async () => {
    const jar = await admin();
    await createProduct({ name: "Zebra Pendant Unique", pricePaisa: 100 });
    const outcome = await run(productListLoader, get("/admin/products?q=zebra%20pendant", jar));
    const { products } = expectData(outcome);
    expect(products.items.map((p) => p.name)).toEqual(["Zebra Pendant Unique"]);
  });
});

describe("the JSON upload endpoint used with JavaScript", () => {
  it("answers success as JSON with the toast cookie, and a refusal with its messages", async () => {
    const jar = await admin();
    const category = await createCategory();
    const ok = await saveAction({
      request: multipart("/admin/products/upload", productFields(category.id, { name: "Xhr Lamp" }), [], jar),
      params: { list: "products" },
      context: {},
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, redirectTo: "/admin/products" });
    await expect(ok).toSetToast({ kind: "success", message: "Product “Xhr Lamp” created." });

    const refused = await saveAction({
      request: multipart("/admin/products/upload", productFields(category.id, { name: "" }), [], jar),
      params: { list: "products" },
      context: {},
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fieldErrors: { name: "Please enter the product name." } });

    const cat = await saveAction({
      request: multipart("/admin/categories/upload", { name: "Xhr Category" }, [], jar),
      params: { list: "categories" },
      context: {},
    });
    expect(await cat.json()).toEqual({ ok: true, redirectTo: "/admin/categories" });

    const malformedId = await saveAction({
      request: multipart("/admin/products/upload?id=01", productFields(category.id), [], jar),
      params: { list: "products" },
      context: {},
    });
    expect(malformedId.status).toBe(404);
    expect(await malformedId.json()).toEqual({ ok: false, status: 404 });
  });

  it("serves only the products and categories lists; a GET goes back to the list", async () => {
    const jar = await admin();
    expect(await run(saveLoader, get("/admin/categories/upload", jar), { list: "categories" })).toRedirectTo(
      "/admin/categories",
    );
    for (const list of ["orders", "staff"]) {
      expect((await run(saveAction, multipart(`/admin/${list}/upload`, { name: "x" }, [], jar), { list })).status).toBe(
        404,
      );
    }
  });
});

describe("categories", () => {
  it("creates a category with a slug and an image; a clashing slug is a field error", async () => {
    const jar = await admin();
    const outcome = await run(
      createCategoryAction,
      multipart(
        "/admin/categories/create",
        { name: "Ceiling Fans" },
        [{ field: "image", name: "fan.jpg", bytes: fixture("ladybird-exif-orientation-6.jpg") }],
        jar,
      ),
    );
    expect(outcome).toRedirectTo("/admin/categories");
    await expect(outcome).toSetToast({ kind: "success", message: "Category “Ceiling Fans” created." });
    const category = await prisma.category.findUniqueOrThrow({
      where: { slug: "ceiling-fans" },
      include: { image: true },
    });
    expect(category.name).toBe("Ceiling Fans");
    // Upright: the raw JPEG is 1200 × 750 with EXIF orientation 6, so the stored image is portrait
    // (750 × 1200, stored at 320 and 640 px wide).
    expect([category.image!.width, category.image!.height]).toEqual([640, 1024]);
    const stored = await sharp(path.join(uploadsDir(), category.image!.key, "640.webp")).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.height).toBeGreaterThan(stored.width);

    const before = storedKeys();
    const clash = await run(
      createCategoryAction,
      multipart(
        "/admin/categories/create",
        { name: "ceiling   FANS" },
        [{ field: "image", name: "x.jpg", bytes: await jpeg() }],
        jar,
      ),
    );
    expect(clash.status).toBe(400);
    expect(expectData(clash).fieldErrors.name).toBe(
      "A category with the web address “ceiling-fans” already exists. Please choose another name.",
    );
    expect(expectData(clash).values.name).toBe("ceiling   FANS");
    expect(storedKeys()).toEqual(before);
  });

  it("requires a name; keeps the slug on edit; changing the image removes the old file", async () => {
    const jar = await admin();
    const empty = await run(createCategoryAction, multipart("/admin/categories/create", { name: " " }, [], jar));
    expect(expectData(empty).fieldErrors.name).toBe("Please enter the category name.");

    await run(
      createCategoryAction,
      multipart(
        "/admin/categories/create",
        { name: "Switches" },
        [{ field: "image", name: "s.jpg", bytes: await jpeg() }],
        jar,
      ),
    );
    const category = await prisma.category.findUniqueOrThrow({ where: { slug: "switches" }, include: { image: true } });
    const oldKey = category.image!.key;
    const outcome = await run(
      editCategoryAction,
      multipart(
        `/admin/categories/edit/${category.id}`,
        { name: "Wall Switches" },
        [{ field: "image", name: "new.webp", bytes: fixture("garden.webp"), type: "image/webp" }],
        jar,
      ),
      { id: String(category.id) },
    );
    expect(outcome).toRedirectTo("/admin/categories");
    await expect(outcome).toSetToast({ kind: "success", message: "Category “Wall Switches” saved." });
    const after = await prisma.category.findUniqueOrThrow({ where: { id: category.id }, include: { image: true } });
    expect(after).toMatchObject({ name: "Wall Switches", slug: "switches" });
    expect(after.image!.key).not.toBe(oldKey);
    expect(fs.existsSync(path.join(uploadsDir(), oldKey))).toBe(false);

    await run(
      editCategoryAction,
      multipart(`/admin/categories/edit/${category.id}`, { name: "Wall Switches", removeImage: "on" }, [], jar),
      { id: String(category.id) },
    );
    expect((await prisma.category.findUniqueOrThrow({ where: { id: category.id } })).imageId).toBeNull();
    expect(fs.existsSync(path.join(uploadsDir(), after.image!.key))).toBe(false);
  });

  it("answers 'Category not found' (404) for a missing category and 'Failed to load category' (500) on failure", async () => {
    const jar = await admin();
    const loaded = await run(editCategoryLoader, get("/admin/categories/edit/424242", jar), { id: "424242" });
    expect(loaded.status).toBe(404);
    expect(loaded.kind).toBe("response");

    allowConsoleError();
    const category = await createCategory();
    // The loader throws: Remix answers 500 and the page's ErrorBoundary shows the failure message.
    await expect(
      withTableUnavailable("Category", () =>
        run(editCategoryLoader, get(`/admin/categories/edit/${category.id}`, jar), { id: String(category.id) }),
      ),
    ).rejects.toThrow(/Category/);
  });

  it("shows 'Failed to save category' and leaves no file when the database write fails", async () => {
    allowConsoleError();
    const jar = await admin();
    const before = storedKeys();
    const request = multipart(
      "/admin/categories/create",
      { name: "Doomed" },
      [{ field: "image", name: "d.jpg", bytes: await jpeg() }],
      jar,
    );
    const outcome = await withInsertsFailing("Category", () => run(createCategoryAction, request));
    expect(await prisma.category.count({ where: { name: "Doomed" } })).toBe(0);
    expect(outcome.status).toBe(500);
    const problem = expectData(outcome);
    expect(problem.formError).toBe("Failed to save category. Please try again.");
    expect(problem.values.name).toBe("Doomed");
    expect(storedKeys()).toEqual(before);
  });

  it("refuses to delete a category that has products, naming the count; deletes an empty one (decision 014)", async () => {
    const jar = await admin();
    const full = await createCategory("Full Category");
    await createProduct({ pricePaisa: 100, categoryId: full.id });
    await createProduct({ pricePaisa: 100, categoryId: full.id });
    const blocked = await run(
      categoryListAction,
      post("/admin/categories?index", { intent: "delete", id: full.id }, jar),
    );
    expect(blocked).toRedirectTo("/admin/categories");
    expect(await prisma.category.count({ where: { id: full.id } })).toBe(1);
    await expect(blocked).toSetToast({
      kind: "error",
      message: "“Full Category” still has 2 products. Move them to another category or delete them first.",
    });

    const empty = await createCategory("Empty Category");
    const confirm = await run(categoryListLoader, get(`/admin/categories?delete=${empty.id}`, jar));
    expect(expectData(confirm).toDelete).toEqual({ id: empty.id, name: "Empty Category" });
    const deleted = await run(
      categoryListAction,
      post("/admin/categories?index", { intent: "delete", id: empty.id }, jar),
    );
    await expect(deleted).toSetToast({ kind: "success", message: "Category “Empty Category” deleted." });
    expect(await prisma.category.count({ where: { id: empty.id } })).toBe(0);
  });
});

describe("every new admin loader and action requires a session", () => {
  it("redirects to the login page", async () => {
    const handlers: [RouteHandler, Request, Record<string, string>][] = [
      [createProductLoader, get("/admin/products/create"), {}],
      [createProductAction, multipart("/admin/products/create", {}), {}],
      [editProductLoader, get("/admin/products/edit/1"), { id: "1" }],
      [editProductAction, multipart("/admin/products/edit/1", {}), { id: "1" }],
      [productListLoader, get("/admin/products"), {}],
      [productListAction, post("/admin/products?index", { intent: "delete", id: 1 }), {}],
      [saveAction, multipart("/admin/products/upload", {}), { list: "products" }],
      [createCategoryAction, multipart("/admin/categories/create", {}), {}],
      [editCategoryLoader, get("/admin/categories/edit/1"), { id: "1" }],
      [editCategoryAction, multipart("/admin/categories/edit/1", {}), { id: "1" }],
      [categoryListLoader, get("/admin/categories"), {}],
      [categoryListAction, post("/admin/categories?index", { intent: "delete", id: 1 }), {}],
      [saveAction, multipart("/admin/categories/upload", {}), { list: "categories" }],
    ];
    for (const [handler, request, params] of handlers) {
      const { pathname, search } = new URL(request.url);
      const login = `/admin/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;
      expect(await run(handler, request, params), request.url).toRedirectTo(login, { status: 302 });
    }
  });
});
