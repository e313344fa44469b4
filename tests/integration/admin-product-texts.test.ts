/**
 * The admin product and category forms' Bangla texts and SKU, through the routes' actions with
 * real multipart bodies: what is stored, a taken SKU (any case) refused as a field error with
 * nothing changed, a product with options saved without price fields (its variants untouched), and
 * a forged field that cannot skip the price of a product without options.
 */
import { describe, expect, it } from "vitest";
import { action as createProductAction } from "~/routes/admin.products.create";
import { action as editProductAction, loader as editProductLoader } from "~/routes/admin.products.edit.$id";
import { loader as productListLoader } from "~/routes/admin.products._index";
import { action as createCategoryAction } from "~/routes/admin.categories.create";
import { action as editCategoryAction } from "~/routes/admin.categories.edit.$id";
import { loader as categoryListLoader } from "~/routes/admin.categories._index";
import { listCategories } from "~/models/catalogue/category.server";
import { prisma } from "~/models/db/client.server";
import {
  createAdmin,
  createCategory,
  createProduct,
  createProductWithVariants,
  defaultVariantOf,
  expectData,
  get,
  multipart,
  run,
  runData,
  signedInJar,
} from "./helpers";

async function admin() {
  return signedInJar((await createAdmin()).id);
}

/** The product form's fields, as a browser sends them, with `overrides`. */
function productFields(categoryId: number, overrides: Record<string, string> = {}) {
  return {
    name: "Ceiling Fan",
    nameBn: "সিলিং ফ্যান",
    sku: "FAN-56-BRN",
    price: "4,500",
    discountedPrice: "",
    categoryId: String(categoryId),
    description: "A quiet 56 inch fan.",
    descriptionBn: "একটি নিঃশব্দ ৫৬ ইঞ্চি ফ্যান।",
    ...overrides,
  };
}

describe("the product form's Bangla texts and SKU", () => {
  it("stores names, descriptions and brand without control characters, keeping line breaks and tabs", async () => {
    const jar = await admin();
    const category = await createCategory();
    const fields = productFields(category.id, {
      name: "Control\u0001 Fan\u001B[31m",
      nameBn: "ফ্যান\u000B",
      description: "Line\u0007 one\nLine\ttwo\u007F",
      descriptionBn: "\u001Bএক\u0085 লাইন",
      brand: "Walton\u0002",
      sku: "CTRL-FAN",
    });
    expect(await run(createProductAction, multipart("/admin/products/create", fields, [], jar))).toRedirectTo(
      "/admin/products",
      { status: 302 },
    );
    const product = await prisma.product.findFirstOrThrow({ where: { name: { startsWith: "Control" } } });
    expect(product).toMatchObject({
      name: "Control Fan[31m",
      nameBn: "ফ্যান",
      descriptionBn: "এক লাইন",
      brand: "Walton",
    });
    // A form sends its line breaks as CRLF.
    expect(product.description.replace(/\r\n/g, "\n")).toBe("Line one\nLine\ttwo");
  });

  it("creates a product with both names and descriptions and the SKU, shown again on its edit form", async () => {
    const jar = await admin();
    const category = await createCategory();
    const outcome = await run(
      createProductAction,
      multipart("/admin/products/create", productFields(category.id, { name: "Texts Fan" }), [], jar),
    );
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    const product = await prisma.product.findFirstOrThrow({ where: { name: "Texts Fan" } });
    expect(product).toMatchObject({
      slug: "texts-fan",
      nameBn: "সিলিং ফ্যান",
      description: "A quiet 56 inch fan.",
      descriptionBn: "একটি নিঃশব্দ ৫৬ ইঞ্চি ফ্যান।",
      minPricePaisa: 450000,
      maxPricePaisa: 450000,
    });
    const variant = await defaultVariantOf({ id: product.id });
    expect(variant).toMatchObject({ combinationKey: "", sku: "FAN-56-BRN", pricePaisa: 450000 });

    const { product: shown } = await runData(editProductLoader, get(`/admin/products/edit/${product.id}`, jar), {
      id: String(product.id),
    });
    expect(shown).toMatchObject({ nameBn: "সিলিং ফ্যান", descriptionBn: "একটি নিঃশব্দ ৫৬ ইঞ্চি ফ্যান।" });
    expect(shown.defaultVariant?.sku).toBe("FAN-56-BRN");
  });

  it("edits the Bangla texts and the SKU; a blank SKU and Bangla name are stored as none", async () => {
    const jar = await admin();
    const category = await createCategory();
    const product = await createProduct({ name: "Edit Texts", pricePaisa: 10000, categoryId: category.id });
    const edit = (fields: Record<string, string>) =>
      run(editProductAction, multipart(`/admin/products/edit/${product.id}`, fields, [], jar), {
        id: String(product.id),
      });
    expect(
      await edit(productFields(category.id, { name: "Edit Texts", nameBn: "  নতুন নাম ", sku: " ET-1 " })),
    ).toRedirectTo("/admin/products", { status: 302 });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      nameBn: "নতুন নাম",
    });
    expect((await defaultVariantOf({ id: product.id })).sku).toBe("ET-1");

    await edit(productFields(category.id, { name: "Edit Texts", nameBn: "", descriptionBn: "", sku: "" }));
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      nameBn: "",
      descriptionBn: "",
    });
    expect((await defaultVariantOf({ id: product.id })).sku).toBeNull();
  });

  it("refuses a SKU another variant has, in another case, as a field error and changes nothing", async () => {
    const jar = await admin();
    const category = await createCategory();
    await createProduct({ name: "Holder", pricePaisa: 5000, sku: "LAMP-01" });
    const product = await createProduct({ name: "Taker", pricePaisa: 7000, categoryId: category.id, sku: "OWN-1" });
    const outcome = await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${product.id}`,
        productFields(category.id, { name: "Taker Renamed", sku: "lamp-01", price: "99" }),
        [],
        jar,
      ),
      { id: String(product.id) },
    );
    expect(outcome.status).toBe(400);
    const refusal = expectData(outcome);
    expect(refusal.ok).toBe(false);
    if (refusal.ok || !("fieldErrors" in refusal)) throw new Error("expected a refusal");
    expect(refusal.fieldErrors.sku).toBe(
      "The SKU lamp-01 is already used by another product or variant. Please choose another.",
    );
    // The typed values come back to refill the form.
    expect(refusal.values).toMatchObject({ name: "Taker Renamed", sku: "lamp-01", nameBn: "সিলিং ফ্যান" });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      name: "Taker",
      nameBn: "",
    });
    expect(await defaultVariantOf({ id: product.id })).toMatchObject({ sku: "OWN-1", pricePaisa: 7000 });

    // On create too: nothing is written.
    const created = await run(
      createProductAction,
      multipart("/admin/products/create", productFields(category.id, { name: "Never Made", sku: "Lamp-01" }), [], jar),
    );
    expect(created.status).toBe(400);
    expect(await prisma.product.count({ where: { name: "Never Made" } })).toBe(0);
  });

  it("refuses a SKU with spaces or other signs, or longer than 64 characters, with a clear message", async () => {
    const jar = await admin();
    const category = await createCategory();
    for (const [sku, message] of [
      ["FAN 56", "A SKU can have English letters, digits and the signs - _ . / only"],
      ["ফ্যান-১", "A SKU can have English letters, digits and the signs - _ . / only"],
      ["-FAN", "A SKU can have English letters, digits and the signs - _ . / only"],
      ["A".repeat(65), "A SKU can be at most 64 characters long."],
    ] as const) {
      const outcome = await run(
        createProductAction,
        multipart("/admin/products/create", productFields(category.id, { name: "Bad Sku", sku }), [], jar),
      );
      expect(outcome.status, sku).toBe(400);
      const refusal = expectData(outcome);
      if (refusal.ok || !("fieldErrors" in refusal)) throw new Error("expected a refusal");
      expect(refusal.fieldErrors.sku, sku).toContain(message);
    }
    expect(await prisma.product.count({ where: { name: "Bad Sku" } })).toBe(0);
  });

  it("saves a product with options without price, SKU or stock fields and leaves its variants as they were", async () => {
    const jar = await admin();
    const category = await createCategory();
    const fan = await createProductWithVariants({
      name: "Options Fan",
      categoryId: category.id,
      options: [{ name: "Size", values: ["48″", "56″"] }],
      variants: [
        { values: ["48″"], pricePaisa: 400000, stockQuantity: 3, sku: "OF-48" },
        { values: ["56″"], pricePaisa: 450000, discountedPricePaisa: 420000, stockQuantity: 5, sku: "OF-56" },
      ],
    });
    const before = await prisma.productVariant.findMany({ where: { productId: fan.id }, orderBy: { id: "asc" } });
    const outcome = await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${fan.id}`,
        {
          name: "Options Fan",
          nameBn: "অপশন ফ্যান",
          categoryId: String(category.id),
          description: "Two sizes.",
          descriptionBn: "দুই সাইজ।",
          trackStock: "on",
        },
        [],
        jar,
      ),
      { id: String(fan.id) },
    );
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: fan.id } })).toMatchObject({
      nameBn: "অপশন ফ্যান",
      descriptionBn: "দুই সাইজ।",
      minPricePaisa: 400000,
      maxPricePaisa: 420000,
    });
    expect(await prisma.productVariant.findMany({ where: { productId: fan.id }, orderBy: { id: "asc" } })).toEqual(
      before,
    );

    // Price, SKU and stock fields sent anyway (an old form, a forged one) are ignored.
    await run(
      editProductAction,
      multipart(
        `/admin/products/edit/${fan.id}`,
        { ...productFields(category.id, { name: "Options Fan", sku: "OF-48" }), stockQuantity: "99", trackStock: "on" },
        [],
        jar,
      ),
      { id: String(fan.id) },
    );
    expect(await prisma.productVariant.findMany({ where: { productId: fan.id }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
  });

  it("still requires the price of a product without options when the form claims it has options", async () => {
    const jar = await admin();
    const category = await createCategory();
    const product = await createProduct({ name: "Forged", pricePaisa: 8000, categoryId: category.id });
    const { price: _price, ...noPrice } = productFields(category.id, { name: "Forged" });
    const outcome = await run(
      editProductAction,
      multipart(`/admin/products/edit/${product.id}`, { ...noPrice, hasOptions: "on", hasOptions2: "1" }, [], jar),
      { id: String(product.id) },
    );
    expect(outcome.status).toBe(400);
    const refusal = expectData(outcome);
    if (refusal.ok || !("fieldErrors" in refusal)) throw new Error("expected a refusal");
    expect(refusal.fieldErrors.price).toBe("Please enter the price.");
    expect(await defaultVariantOf({ id: product.id })).toMatchObject({ pricePaisa: 8000 });
  });
});

describe("the admin product list", () => {
  it("shows the Bangla name and the variant count, and finds a SKU from its start in any case", async () => {
    const jar = await admin();
    await createProduct({ name: "Listed Bulb", nameBn: "তালিকার বাল্ব", pricePaisa: 15000, sku: "LSTB-9W" });
    await createProductWithVariants({
      name: "Listed Switch",
      options: [{ name: "Gang", values: ["1", "2", "3"] }],
      variants: [
        { values: ["1"], pricePaisa: 20000, sku: "LSTS-1" },
        { values: ["2"], pricePaisa: 25000 },
        { values: ["3"], pricePaisa: 30000 },
      ],
    });
    const search = async (q: string) =>
      (await runData(productListLoader, get(`/admin/products?q=${encodeURIComponent(q)}`, jar))).products.items;
    expect((await search("lstb")).map((p) => [p.name, p.nameBn])).toEqual([["Listed Bulb", "তালিকার বাল্ব"]]);
    expect((await search("LsTs-1")).map((p) => [p.name, p.variantCount])).toEqual([["Listed Switch", 3]]);
    // From the start of the SKU only.
    expect(await search("9W")).toEqual([]);
    expect((await search("তালিকার")).map((p) => p.name)).toEqual(["Listed Bulb"]);
  });
});

describe("the category form's Bangla name", () => {
  it("stores it on create and edit, lists it and gives it to the storefront", async () => {
    const jar = await admin();
    const created = await run(
      createCategoryAction,
      multipart("/admin/categories/create", { name: "Fans Texts", nameBn: "ফ্যান" }, [], jar),
    );
    expect(created).toRedirectTo("/admin/categories", { status: 302 });
    const category = await prisma.category.findFirstOrThrow({ where: { name: "Fans Texts" } });
    expect(category).toMatchObject({ slug: "fans-texts", nameBn: "ফ্যান" });

    await run(
      editCategoryAction,
      multipart(`/admin/categories/edit/${category.id}`, { name: "Fans Texts", nameBn: " পাখা " }, [], jar),
      { id: String(category.id) },
    );
    expect((await prisma.category.findUniqueOrThrow({ where: { id: category.id } })).nameBn).toBe("পাখা");
    const listed = (await runData(categoryListLoader, get("/admin/categories?page=1", jar))).categories.items;
    expect(listed.find((row) => row.id === category.id)?.nameBn).toBe("পাখা");
    expect((await listCategories()).find((row) => row.id === category.id)?.nameBn).toBe("পাখা");

    // A Bangla name too long is the field's error, with the typed value kept.
    const refused = await run(
      editCategoryAction,
      multipart(`/admin/categories/edit/${category.id}`, { name: "Fans Texts", nameBn: "প".repeat(101) }, [], jar),
      { id: String(category.id) },
    );
    expect(refused.status).toBe(400);
    const refusal = expectData(refused);
    if (refusal.ok || !("fieldErrors" in refusal)) throw new Error("expected a refusal");
    expect(refusal.fieldErrors.nameBn).toBeTruthy();
    expect(refusal.values.nameBn).toBe("প".repeat(101));
    expect((await prisma.category.findUniqueOrThrow({ where: { id: category.id } })).nameBn).toBe("পাখা");
  });
});
