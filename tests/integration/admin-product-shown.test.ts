/**
 * The product form's "Shown in the shop" box and brand through the admin routes' actions and
 * loaders: saved on create and edit and shown again on the edit form; an unticked box hides the
 * product (the box is sent beside the hidden `publishedBox`, since an unticked box sends nothing),
 * while a form without that field (rendered before the box existed) keeps the stored flag and
 * brand; a brand over 80 characters is refused with what was typed kept; the list marks a hidden
 * product.
 */
import { describe, expect, it } from "vitest";
import { action as createProductAction } from "~/routes/admin.products.create";
import { action as editProductAction, loader as editProductLoader } from "~/routes/admin.products.edit.$id";
import { loader as productListLoader } from "~/routes/admin.products._index";
import { action as saveAction } from "~/routes/admin.$list.upload";
import { prisma } from "~/models/db/client.server";
import {
  type CookieJar,
  createAdmin,
  createCategory,
  createProduct,
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

/** The product form's fields as the page sends them: the box's companion field, the box ticked. */
function formFields(categoryId: number, overrides: Record<string, string> = {}) {
  return {
    name: "Ceiling Fan 56 inch",
    price: "5200",
    categoryId: String(categoryId),
    description: "A quiet fan.",
    publishedBox: "1",
    isPublished: "on",
    brand: "Walton",
    ...overrides,
  };
}

/** The form without the ticked box: what a browser sends when staff untick it. */
function unticked(fields: Record<string, string>) {
  const { isPublished: _ticked, ...rest } = fields;
  return rest;
}

const stored = (id: number) =>
  prisma.product.findUniqueOrThrow({ where: { id }, select: { isPublished: true, brand: true } });

async function editForm(jar: CookieJar, id: number) {
  const { product } = await runData(editProductLoader, get(`/admin/products/edit/${id}`, jar), { id: String(id) });
  return { isPublished: product.isPublished, brand: product.brand };
}

async function edit(jar: CookieJar, id: number, fields: Record<string, string>) {
  return run(editProductAction, multipart(`/admin/products/edit/${id}`, fields, [], jar), { id: String(id) });
}

describe("the product form's 'Shown in the shop' box and brand", () => {
  it("a new product is saved shown with its brand, and its edit form shows them again", async () => {
    const jar = await admin();
    const category = await createCategory();
    const outcome = await run(
      createProductAction,
      multipart("/admin/products/create", formFields(category.id, { brand: "  Walton  " }), [], jar),
    );
    expect(outcome).toRedirectTo("/admin/products");
    const { id } = await prisma.product.findFirstOrThrow({ where: { name: "Ceiling Fan 56 inch" } });
    expect(await stored(id)).toEqual({ isPublished: true, brand: "Walton" });
    expect(await editForm(jar, id)).toEqual({ isPublished: true, brand: "Walton" });
  });

  it("a new product with the box unticked is saved hidden, without a brand when none is typed", async () => {
    const jar = await admin();
    const category = await createCategory();
    const fields = unticked(formFields(category.id, { name: "Draft Kettle", brand: "" }));
    expect(await run(createProductAction, multipart("/admin/products/create", fields, [], jar))).toRedirectTo(
      "/admin/products",
    );
    const { id } = await prisma.product.findFirstOrThrow({ where: { name: "Draft Kettle" } });
    expect(await stored(id)).toEqual({ isPublished: false, brand: "" });
    expect(await editForm(jar, id)).toEqual({ isPublished: false, brand: "" });
  });

  it("editing unticks and ticks the box again and changes or clears the brand, with and without JavaScript", async () => {
    const jar = await admin();
    const category = await createCategory();
    const { id } = await createProduct({ name: "Table Lamp", pricePaisa: 100_000, categoryId: category.id });
    const fields = formFields(category.id, { name: "Table Lamp", price: "1000" });

    expect(await edit(jar, id, unticked({ ...fields, brand: "Osaka" }))).toRedirectTo("/admin/products");
    expect(await editForm(jar, id)).toEqual({ isPublished: false, brand: "Osaka" });

    expect(await edit(jar, id, { ...fields, brand: "" })).toRedirectTo("/admin/products");
    expect(await editForm(jar, id)).toEqual({ isPublished: true, brand: "" });

    // With JavaScript the same form goes to the upload endpoint.
    const saved = (await saveAction({
      request: multipart(`/admin/products/upload?id=${id}`, unticked({ ...fields, brand: "Vision" }), [], jar),
      params: { list: "products" },
      context: {},
    })) as Response;
    expect(saved.status).toBe(200);
    expect(await stored(id)).toEqual({ isPublished: false, brand: "Vision" });
  });

  it("a form without the box's companion field or the brand keeps the stored flag and brand", async () => {
    const jar = await admin();
    const category = await createCategory();
    const { id } = await createProduct({ name: "Old Tab Fan", pricePaisa: 100_000, categoryId: category.id });
    await prisma.product.update({ where: { id }, data: { isPublished: false, brand: "Jamuna" } });
    const {
      publishedBox: _box,
      isPublished: _ticked,
      brand: _brand,
      ...old
    } = formFields(category.id, {
      name: "Old Tab Fan 2",
    });
    expect(await edit(jar, id, old)).toRedirectTo("/admin/products");
    expect(await prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Old Tab Fan 2",
      isPublished: false,
      brand: "Jamuna",
    });
    // A new product from such a form is shown, without a brand.
    await run(createProductAction, multipart("/admin/products/create", { ...old, name: "Old Tab New" }, [], jar));
    const created = await prisma.product.findFirstOrThrow({ where: { name: "Old Tab New" } });
    expect(created).toMatchObject({ isPublished: true, brand: "" });
  });

  it("refuses a brand over 80 characters beside the field, keeping what was typed and the unticked box", async () => {
    const jar = await admin();
    const category = await createCategory();
    const { id } = await createProduct({ name: "Long Brand", pricePaisa: 100_000, categoryId: category.id });
    const brand = "B".repeat(81);
    const outcome = await edit(jar, id, unticked(formFields(category.id, { name: "Long Brand", brand })));
    expect(outcome.status).toBe(400);
    const problem = expectData(outcome);
    expect(problem).toMatchObject({ fieldErrors: { brand: "This is too long (at most 80 characters)." } });
    expect("values" in problem && problem.values).toMatchObject({ brand, publishedBox: "1" });
    expect("values" in problem && problem.values.isPublished).toBeUndefined();
    expect(await stored(id)).toEqual({ isPublished: true, brand: "" });
    // 80 characters are accepted.
    expect(await edit(jar, id, formFields(category.id, { name: "Long Brand", brand: brand.slice(1) }))).toRedirectTo(
      "/admin/products",
    );
  });

  it("the product list has hidden products too, marked as such", async () => {
    const jar = await admin();
    const shown = await createProduct({ name: "Zulu Listed Shown", pricePaisa: 1_000 });
    const hidden = await createProduct({ name: "Zulu Listed Hidden", pricePaisa: 1_000 });
    await prisma.product.update({ where: { id: hidden.id }, data: { isPublished: false } });
    const { products } = await runData(productListLoader, get("/admin/products?q=Zulu%20Listed", jar));
    expect(products.items.map((item) => [item.id, item.isPublished])).toEqual([
      [hidden.id, false],
      [shown.id, true],
    ]);
  });
});
