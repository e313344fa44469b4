/**
 * The back office's options and variants page (/admin/products/variants/:id) through its route's
 * loader and action, against the worker's real database: generating combinations keeps existing
 * variants' data, a removed combination with orders is retired (kept, inactive, not for sale), the
 * table's saves go through the stock ledger, the product's min/max prices follow, and every bad
 * input is refused with a message beside its field and nothing changed.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { deleteProductWithImages } from "~/models/catalogue/product-writes.server";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import { action, loader } from "~/routes/admin.products.variants.$id/route";
import { BLOCKS_FIELD, optionField, valueField, variantField } from "~/routes/admin.products.variants.$id/fields";
import { createAdmin, createProduct, createProductWithVariants, get, post, run, runData, signedInJar } from "./helpers";

async function admin() {
  return signedInJar((await createAdmin()).id);
}

/** The options form's fields for `options` (names and values; `ids` keeps existing ones by block). */
function optionsFields(
  options: { name: string; nameBn?: string; values: (string | [string, string])[]; id?: number; valueIds?: number[] }[],
): Record<string, string> {
  const fields: Record<string, string> = { intent: "options" };
  options.forEach((option, block) => {
    fields[optionField(block, "id")] = option.id ? String(option.id) : "";
    fields[optionField(block, "name")] = option.name;
    fields[optionField(block, "nameBn")] = option.nameBn ?? "";
    option.values.forEach((entry, row) => {
      const [value, valueBn] = Array.isArray(entry) ? entry : [entry, ""];
      fields[valueField(block, row, "id")] = option.valueIds?.[row] ? String(option.valueIds[row]) : "";
      fields[valueField(block, row, "value")] = value;
      fields[valueField(block, row, "valueBn")] = valueBn;
    });
  });
  return fields;
}

/** What the editor shows now (the loader's data). */
async function editorOf(productId: number, jar: Awaited<ReturnType<typeof admin>>) {
  return runData(loader, get(`/admin/products/variants/${productId}`, jar), { id: String(productId) });
}

/** The variants table's fields as the page shows them for `productId`, with `change` applied per row. */
async function tableFields(
  productId: number,
  jar: Awaited<ReturnType<typeof admin>>,
  change: (row: Record<string, string>, label: string, index: number) => void = () => {},
): Promise<Record<string, string | string[]>> {
  const editor = await editorOf(productId, jar);
  const fields: Record<string, string | string[]> = { intent: "variants", variant: [] };
  editor.variants.forEach((variant, index) => {
    (fields.variant as string[]).push(String(variant.id));
    const row: Record<string, string> = {
      sku: variant.sku ?? "",
      price: (variant.pricePaisa / 100).toFixed(2),
      discountedPrice: variant.discountedPricePaisa === null ? "" : (variant.discountedPricePaisa / 100).toFixed(2),
      stock: String(variant.stockQuantity),
      stockSeen: String(variant.stockQuantity),
      imageId: variant.imageId === null ? "" : String(variant.imageId),
      active: variant.isActive ? "on" : "",
    };
    change(row, variant.label, index);
    for (const [part, value] of Object.entries(row)) {
      if (part === "active" && value !== "on") continue;
      fields[variantField(variant.id, part as Parameters<typeof variantField>[1])] = value;
    }
  });
  return fields;
}

/** Everything the page may change about a product, to compare before and after a refusal. */
async function snapshot(productId: number) {
  return {
    product: await prisma.product.findUniqueOrThrow({
      where: { id: productId },
      select: { minPricePaisa: true, maxPricePaisa: true },
    }),
    options: await prisma.productOption.findMany({
      where: { productId },
      include: { values: true },
      orderBy: { id: "asc" },
    }),
    variants: await prisma.productVariant.findMany({ where: { productId }, orderBy: { id: "asc" } }),
    movements: await prisma.stockMovement.count({ where: { productId } }),
  };
}

async function post400(
  productId: number,
  fields: Record<string, string | string[]>,
  jar: Awaited<ReturnType<typeof admin>>,
) {
  const outcome = await run(action, post(`/admin/products/variants/${productId}`, fields, jar), {
    id: String(productId),
  });
  expect(outcome.status).toBe(400);
  if (outcome.kind !== "data" || !outcome.data || outcome.data.ok) throw new Error("expected a refusal");
  return outcome.data;
}

/** A fan (tracking stock) with Colour Brown/White × Sweep 48″/56″ generated through the page. */
async function fanWithFourVariants(jar: Awaited<ReturnType<typeof admin>>) {
  const fan = await createProduct({
    name: `Fan ${randomUUID().slice(0, 6)}`,
    pricePaisa: 450000,
    stockQuantity: 5,
    sku: `FAN-${randomUUID().slice(0, 6)}`,
  });
  const outcome = await run(
    action,
    post(
      `/admin/products/variants/${fan.id}`,
      optionsFields([
        { name: "Colour", nameBn: "রং", values: [["Brown", "বাদামি"], "White"] },
        { name: "Sweep", values: ["48″", "56″"] },
      ]),
      jar,
    ),
    { id: String(fan.id) },
  );
  expect(outcome).toRedirectTo(`/admin/products/variants/${fan.id}`);
  return fan;
}

/** Adds an order line for `variantId` (an order as placed, straight in the database). */
async function orderFor(variantId: number, productId: number) {
  await prisma.order.create({
    data: {
      customerName: "Rahim",
      customerPhone: "01712345678",
      customerAddress: "House 1",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 450000,
      totalPaisa: 456000,
      itemCount: 1,
      checkoutToken: randomUUID(),
      items: {
        create: {
          productId,
          variantId,
          productName: "Fan",
          unitPricePaisa: 450000,
          quantity: 1,
          subtotalPaisa: 450000,
        },
      },
    },
  });
}

describe("generating combinations", () => {
  it("makes one variant per combination; the default variant becomes the first with its SKU, price and stock", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const editor = await editorOf(fan.id, jar);
    expect(editor.variants.map((variant) => variant.label)).toEqual([
      "Brown / 48″",
      "Brown / 56″",
      "White / 48″",
      "White / 56″",
    ]);
    expect(editor.variants[0]!.labelBn).toBe("বাদামি / 48″");
    const first = editor.variants[0]!;
    expect(first).toMatchObject({ id: fan.variantId, pricePaisa: 450000, stockQuantity: 5, isActive: true });
    expect(first.sku).toMatch(/^FAN-/);
    for (const variant of editor.variants.slice(1)) {
      expect(variant).toMatchObject({ pricePaisa: 450000, stockQuantity: 0, isActive: true, sku: null });
    }
    const audit = await prisma.auditEvent.findFirst({
      where: { action: "product.variants-updated", subjectId: fan.id },
    });
    expect(audit).not.toBeNull();
  });

  it("stores option names and values without control characters", async () => {
    const jar = await admin();
    const lamp = await createProduct({ name: `Lamp ${randomUUID().slice(0, 6)}`, pricePaisa: 90000 });
    const outcome = await run(
      action,
      post(
        `/admin/products/variants/${lamp.id}`,
        optionsFields([
          { name: "Colour\u0001", nameBn: "রং\u001B", values: [["Red\u000B", "লাল\u0007"], "Blue\u007F"] },
        ]),
        jar,
      ),
      { id: String(lamp.id) },
    );
    expect(outcome).toRedirectTo(`/admin/products/variants/${lamp.id}`);
    const [colour] = (await editorOf(lamp.id, jar)).options;
    expect([colour!.name, colour!.nameBn, colour!.values.map((value) => [value.value, value.valueBn])]).toEqual([
      "Colour",
      "রং",
      [
        ["Red", "লাল"],
        ["Blue", ""],
      ],
    ]);
  });

  it("saves the table (prices, stocks through the ledger) and the min/max prices follow", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const fields = await tableFields(fan.id, jar, (row, _label, index) => {
      row.price = String(4000 + index * 500);
      row.stock = String(index + 1);
      row.sku = `F${fan.id}-${index}`;
    });
    const outcome = await run(action, post(`/admin/products/variants/${fan.id}`, fields, jar), { id: String(fan.id) });
    expect(outcome).toRedirectTo(`/admin/products/variants/${fan.id}`);
    const editor = await editorOf(fan.id, jar);
    expect(editor.variants.map((variant) => [variant.pricePaisa, variant.stockQuantity])).toEqual([
      [400000, 1],
      [450000, 2],
      [500000, 3],
      [550000, 4],
    ]);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: fan.id } })).toMatchObject({
      minPricePaisa: 400000,
      maxPricePaisa: 550000,
    });
    const movements = await prisma.stockMovement.findMany({
      where: { productId: fan.id, reason: "adjusted" },
      orderBy: { id: "asc" },
    });
    expect(movements.map((movement) => [movement.variantLabel, movement.change, movement.balance])).toEqual([
      ["Brown / 48″", -4, 1],
      ["Brown / 56″", 2, 2],
      ["White / 48″", 3, 3],
      ["White / 56″", 4, 4],
    ]);
  });

  it("keeps existing variants' data when a value is added, and makes the new ones at the lowest price", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    await run(
      action,
      post(
        `/admin/products/variants/${fan.id}`,
        await tableFields(fan.id, jar, (row, _l, i) => {
          row.price = String(3000 + i * 100);
          row.stock = "9";
        }),
        jar,
      ),
      { id: String(fan.id) },
    );
    const before = await editorOf(fan.id, jar);
    const [colour, sweep] = before.options;
    await run(
      action,
      post(
        `/admin/products/variants/${fan.id}`,
        optionsFields([
          {
            name: "Color",
            id: colour!.id,
            values: ["Brown", "White", "Black"],
            valueIds: colour!.values.map((v) => v.id),
          },
          { name: "Sweep", id: sweep!.id, values: ["48″", "56″"], valueIds: sweep!.values.map((v) => v.id) },
        ]),
        jar,
      ),
      { id: String(fan.id) },
    );
    const after = await editorOf(fan.id, jar);
    expect(after.options[0]!.name).toBe("Color");
    expect(after.variants).toHaveLength(6);
    for (const old of before.variants) {
      const kept = after.variants.find((variant) => variant.id === old.id)!;
      expect(kept).toMatchObject({ label: old.label, pricePaisa: old.pricePaisa, stockQuantity: 9, sku: old.sku });
    }
    const black = after.variants.filter((variant) => variant.label.startsWith("Black"));
    expect(black.map((variant) => [variant.pricePaisa, variant.stockQuantity, variant.isActive])).toEqual([
      [300000, 0, true],
      [300000, 0, true],
    ]);
  });

  it("retires a removed combination with orders (not for sale any more) and deletes one without", async () => {
    const jar = await admin();
    const product = await createProductWithVariants({
      trackStock: false,
      options: [{ name: "Colour", values: ["Brown", "White", "Grey"] }],
      variants: [
        { values: ["Brown"], pricePaisa: 100000 },
        { values: ["White"], pricePaisa: 90000 },
        { values: ["Grey"], pricePaisa: 80000 },
      ],
    });
    const white = product.variantId("White");
    const grey = product.variantId("Grey");
    await orderFor(white, product.id);
    const editor = await editorOf(product.id, jar);
    const colour = editor.options[0]!;
    const outcome = await run(
      action,
      post(
        `/admin/products/variants/${product.id}`,
        optionsFields([{ name: "Colour", id: colour.id, values: ["Brown"], valueIds: [colour.values[0]!.id] }]),
        jar,
      ),
      { id: String(product.id) },
    );
    expect(outcome).toRedirectTo(`/admin/products/variants/${product.id}`);
    const retired = await prisma.productVariant.findUniqueOrThrow({ where: { id: white } });
    expect(retired).toMatchObject({ isActive: false, option1ValueId: null, combinationKey: `retired-${white}` });
    expect(await prisma.productVariant.findUnique({ where: { id: grey } })).toBeNull();
    expect(await prisma.productOptionValue.count({ where: { optionId: colour.id } })).toBe(1);
    expect((await getVariantsForCart([white, product.variantId("Brown")])).map((variant) => variant.variantId)).toEqual(
      [product.variantId("Brown")],
    );
    expect((await editorOf(product.id, jar)).variants.map((variant) => variant.id)).toEqual([
      product.variantId("Brown"),
    ]);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      minPricePaisa: 100000,
      maxPricePaisa: 100000,
    });
    // The order still names its variant.
    expect(await prisma.orderItem.count({ where: { variantId: white } })).toBe(1);
  });

  it("lets a retired variant's SKU go, keeps new combinations of a product that counts no stock off sale, and deletes the product", async () => {
    const jar = await admin();
    const sku = `WH-${randomUUID().slice(0, 6)}`;
    const product = await createProductWithVariants({
      trackStock: false,
      options: [{ name: "Colour", values: ["Brown", "White"] }],
      variants: [
        { values: ["Brown"], pricePaisa: 100000 },
        { values: ["White"], pricePaisa: 50000, sku },
      ],
    });
    const white = product.variantId("White");
    await orderFor(white, product.id);
    const colour = (await editorOf(product.id, jar)).options[0]!;
    await run(
      action,
      post(
        `/admin/products/variants/${product.id}`,
        optionsFields([
          { name: "Colour", id: colour.id, values: ["Brown", "Black"], valueIds: [colour.values[0]!.id] },
        ]),
        jar,
      ),
      { id: String(product.id) },
    );
    // The retired White keeps its order but not its SKU, which another product may now take.
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: white } })).toMatchObject({
      isActive: false,
      sku: null,
    });
    expect(await prisma.orderItem.count({ where: { variantId: white } })).toBe(1);
    await expect(createProduct({ pricePaisa: 1000, sku })).resolves.toMatchObject({ variantId: expect.any(Number) });
    // Black is new (at the lowest price before the change, White's): the product counts no stock,
    // so it waits off sale for staff to price it.
    const black = (await editorOf(product.id, jar)).variants.find((variant) => variant.label === "Black")!;
    expect(black).toMatchObject({ isActive: false, pricePaisa: 50000 });
    expect(await getVariantsForCart([black.id])).toEqual([]);
    // The price range counts the active Brown only: Black is off sale, White retired.
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      minPricePaisa: 100000,
      maxPricePaisa: 100000,
    });
    // A product with options and a retired variant is deleted whole; its order keeps its line.
    await deleteProductWithImages(product.id);
    expect(await prisma.product.findUnique({ where: { id: product.id } })).toBeNull();
    expect(await prisma.productVariant.count({ where: { productId: product.id } })).toBe(0);
    expect(await prisma.orderItem.count({ where: { productId: null, productName: { not: "" } } })).toBeGreaterThan(0);
  });

  it("a variant switched off in the table cannot be bought, and the price range leaves it out", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const fields = await tableFields(fan.id, jar, (row, _label, index) => {
      row.price = String(1000 * (index + 1));
      if (index === 3) row.active = "";
    });
    await run(action, post(`/admin/products/variants/${fan.id}`, fields, jar), { id: String(fan.id) });
    const editor = await editorOf(fan.id, jar);
    const off = editor.variants[3]!;
    expect(off.isActive).toBe(false);
    expect(await getVariantsForCart([off.id])).toEqual([]);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: fan.id } })).toMatchObject({
      minPricePaisa: 100000,
      maxPricePaisa: 300000,
    });
  });

  it("removing every option leaves one default variant, the first one's", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    await orderFor((await editorOf(fan.id, jar)).variants[2]!.id, fan.id);
    const outcome = await run(action, post(`/admin/products/variants/${fan.id}`, { intent: "options" }, jar), {
      id: String(fan.id),
    });
    expect(outcome).toRedirectTo(`/admin/products/variants/${fan.id}`);
    const editor = await editorOf(fan.id, jar);
    expect(editor.options).toEqual([]);
    expect(editor.variants).toHaveLength(1);
    expect(editor.variants[0]).toMatchObject({ id: fan.variantId, label: "", stockQuantity: 5 });
    const stored = await prisma.productVariant.findUniqueOrThrow({ where: { id: fan.variantId } });
    expect(stored.combinationKey).toBe("");
    expect(await prisma.productVariant.count({ where: { productId: fan.id, isActive: false } })).toBe(1);
  });
});

describe("refusals change nothing", () => {
  it("refuses bad options with a message beside the field and the typed form back", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const other = await fanWithFourVariants(jar);
    const otherOption = (await editorOf(other.id, jar)).options[0]!;
    const before = await snapshot(fan.id);
    // An option without values (its name typed, no value rows).
    let refusal = await post400(
      fan.id,
      { ...optionsFields([{ name: "Sweep", values: ["48″"] }]), [optionField(1, "name")]: "Colour" },
      jar,
    );
    expect(refusal.fieldErrors[valueField(1, 0, "value")]).toBe("Please give this option at least one value.");
    expect(refusal.values[optionField(1, "name")]).toBe("Colour");
    // A value listed twice.
    refusal = await post400(fan.id, optionsFields([{ name: "Colour", values: ["Brown", "BROWN"] }]), jar);
    expect(refusal.fieldErrors[valueField(0, 1, "value")]).toBe("BROWN is listed twice in this option.");
    // Two options with the same name.
    refusal = await post400(
      fan.id,
      optionsFields([
        { name: "Colour", values: ["a"] },
        { name: "colour", values: ["b"] },
      ]),
      jar,
    );
    expect(refusal.fieldErrors[optionField(1, "name")]).toBe("Another option is already called colour.");
    // A fourth option (a forged block).
    refusal = await post400(fan.id, optionsFields(["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] }))), jar);
    expect(refusal.formError).toContain("A product can have at most 3 options.");
    // Too many values, and too many combinations.
    refusal = await post400(
      fan.id,
      optionsFields([{ name: "Size", values: Array.from({ length: 21 }, (_, i) => `S${i}`) }]),
      jar,
    );
    expect(refusal.fieldErrors[optionField(0, "name")]).toBe("An option can have at most 20 values.");
    const five = ["a", "b", "c", "d", "e"];
    refusal = await post400(
      fan.id,
      optionsFields([
        { name: "A", values: five },
        { name: "B", values: five },
        { name: "C", values: five },
      ]),
      jar,
    );
    expect(refusal.formError).toContain("These options make 125 combinations");
    // Another product's option id, and its value id: a forged form.
    refusal = await post400(fan.id, optionsFields([{ name: "Colour", id: otherOption.id, values: ["Brown"] }]), jar);
    expect(refusal.formError).toBe(
      "This form does not match the product any more. Please reload the page and try again.",
    );
    const own = (await editorOf(fan.id, jar)).options[0]!;
    refusal = await post400(
      fan.id,
      optionsFields([{ name: "Colour", id: own.id, values: ["Brown"], valueIds: [otherOption.values[0]!.id] }]),
      jar,
    );
    expect(refusal.formError).toMatch(/does not match/);
    expect(await snapshot(fan.id)).toEqual(before);
  });

  it("gives the options form back unsaved with one more row for an Add button (the form without JavaScript)", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const before = await snapshot(fan.id);
    const typed = {
      ...optionsFields([{ name: "Colour", values: ["Brown", "White", "Red"] }]),
      [BLOCKS_FIELD]: "1",
      [optionField(0, "rows")]: "3",
    };
    const answer = async (add: string) => {
      const outcome = await run(action, post(`/admin/products/variants/${fan.id}`, { ...typed, add }, jar), {
        id: String(fan.id),
      });
      expect(outcome.status).toBe(200);
      if (outcome.kind !== "data" || !outcome.data || outcome.data.ok) throw new Error("expected the form back");
      return outcome.data;
    };
    // One more value row in the block, everything typed kept (the third value too, unsaved), no message.
    let back = await answer("value-0");
    expect(back.values[optionField(0, "rows")]).toBe("4");
    expect(back.values[valueField(0, 2, "value")]).toBe("Red");
    expect(back.values[optionField(0, "name")]).toBe("Colour");
    expect(back).toMatchObject({ intent: "options", formError: "", fieldErrors: {} });
    expect(back.values.add).toBeUndefined();
    // One more option block, of one row.
    back = await answer("option");
    expect(back.values[BLOCKS_FIELD]).toBe("2");
    expect(back.values[optionField(1, "rows")]).toBe("1");
    expect(await snapshot(fan.id)).toEqual(before);
  });

  it("refuses bad rows of the table, each beside its field, and keeps what was typed", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const other = await createProduct({ pricePaisa: 100, sku: `TAKEN-${fan.id}` });
    const otherImage = await prisma.image.create({
      data: { key: `k-${randomUUID()}`, width: 10, height: 10, variantWidths: "", alt: "" },
    });
    const before = await snapshot(fan.id);
    const ids = (await editorOf(fan.id, jar)).variants.map((variant) => variant.id);

    const refusal = await post400(
      fan.id,
      await tableFields(fan.id, jar, (row, _label, index) => {
        if (index === 0) Object.assign(row, { sku: "DUP-1", price: "-1" });
        if (index === 1) Object.assign(row, { sku: "dup-1", price: "abc" });
        if (index === 2) Object.assign(row, { sku: `taken-${fan.id}`, price: "", discountedPrice: "10", stock: "1.5" });
        if (index === 3) Object.assign(row, { stock: "1000001", imageId: String(otherImage.id) });
      }),
      jar,
    );
    expect(refusal.fieldErrors).toEqual({
      [variantField(ids[0]!, "price")]: "The price cannot be negative.",
      [variantField(ids[1]!, "sku")]: "Another row of this table has the SKU dup-1.",
      [variantField(ids[1]!, "price")]: "Please enter an amount in taka, like 1250 or 1250.50.",
      [variantField(ids[2]!, "sku")]: `The SKU taken-${fan.id} is already used by another product or variant.`,
      [variantField(ids[2]!, "price")]: "Please enter the price.",
      [variantField(ids[2]!, "discountedPrice")]: "A discounted price needs a price.",
      [variantField(ids[2]!, "stock")]: "Please enter a whole number of units from 0 to 1,000,000.",
      [variantField(ids[3]!, "stock")]: "Please enter a whole number of units from 0 to 1,000,000.",
      [variantField(ids[3]!, "imageId")]: "Choose one of this product's pictures.",
    });
    expect(refusal.values[variantField(ids[1]!, "sku")]).toBe("dup-1");
    expect(refusal.values[variantField(ids[2]!, "discountedPrice")]).toBe("10");
    expect(await snapshot(fan.id)).toEqual(before);
    void other;
  });

  it("refuses a variant id of another product (400, nothing written)", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const other = await createProduct({ pricePaisa: 100 });
    const before = await snapshot(fan.id);
    const otherBefore = await snapshot(other.id);
    const fields = await tableFields(fan.id, jar, (row) => {
      row.price = "1";
    });
    (fields.variant as string[]).push(String(other.variantId));
    fields[variantField(other.variantId, "price")] = "1";
    const refusal = await post400(fan.id, fields, jar);
    expect(refusal.formError).toMatch(/does not match/);
    expect(await snapshot(fan.id)).toEqual(before);
    expect(await snapshot(other.id)).toEqual(otherBefore);
  });

  it("refuses a count typed over one that changed since the page was shown, giving the current count", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const fields = await tableFields(fan.id, jar, (row, _label, index) => {
      if (index === 0) row.stock = "20";
    });
    // An order took 2 units meanwhile.
    await prisma.productVariant.update({ where: { id: fan.variantId }, data: { stockQuantity: 3 } });
    const before = await snapshot(fan.id);
    const refusal = await post400(fan.id, fields, jar);
    expect(refusal.fieldErrors[variantField(fan.variantId, "stock")]).toBe(
      "The stock changed to 3 since the page was shown (an order came in). Check it and save again.",
    );
    expect(refusal.values[variantField(fan.variantId, "stockSeen")]).toBe("3");
    expect(await snapshot(fan.id)).toEqual(before);
    // Saving again with the page's new count goes through.
    fields[variantField(fan.variantId, "stockSeen")] = "3";
    const outcome = await run(action, post(`/admin/products/variants/${fan.id}`, fields, jar), { id: String(fan.id) });
    expect(outcome).toRedirectTo(`/admin/products/variants/${fan.id}`);
    expect((await prisma.productVariant.findUniqueOrThrow({ where: { id: fan.variantId } })).stockQuantity).toBe(20);
  });

  it("sets every price with the shortcut, and refuses a blank one", async () => {
    const jar = await admin();
    const fan = await fanWithFourVariants(jar);
    const blank = await post400(
      fan.id,
      { ...(await tableFields(fan.id, jar)), intent: "all-prices", allPrice: "" },
      jar,
    );
    expect(blank.fieldErrors.allPrice).toBe("Please enter the amount to set.");
    const outcome = await run(
      action,
      post(
        `/admin/products/variants/${fan.id}`,
        { ...(await tableFields(fan.id, jar)), intent: "all-prices", allPrice: "১২০০" },
        jar,
      ),
      { id: String(fan.id) },
    );
    expect(outcome).toRedirectTo(`/admin/products/variants/${fan.id}`);
    const editor = await editorOf(fan.id, jar);
    expect(editor.variants.map((variant) => variant.pricePaisa)).toEqual([120000, 120000, 120000, 120000]);
  });
});

describe("who may use the page", () => {
  it("lets a staff account (not only the owner) save, and answers 404 for a missing product", async () => {
    const user = await createAdmin();
    await prisma.adminUser.update({ where: { id: user.id }, data: { role: "staff" } });
    const jar = await signedInJar(user.id);
    const product = await createProduct({ pricePaisa: 1000 });
    const outcome = await run(
      action,
      post(`/admin/products/variants/${product.id}`, optionsFields([{ name: "Size", values: ["S", "M"] }]), jar),
      { id: String(product.id) },
    );
    expect(outcome).toRedirectTo(`/admin/products/variants/${product.id}`);
    expect(await prisma.productVariant.count({ where: { productId: product.id } })).toBe(2);
    const missing = await run(loader, get("/admin/products/variants/999999", jar), { id: "999999" });
    expect(missing.status).toBe(404);
  });

  it("sends a visitor who is not signed in to the sign-in page, changing nothing", async () => {
    const product = await createProduct({ pricePaisa: 1000 });
    const outcome = await run(
      action,
      post(`/admin/products/variants/${product.id}`, optionsFields([{ name: "Size", values: ["S"] }])),
      { id: String(product.id) },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/admin\/login/);
    expect(await prisma.productOption.count({ where: { productId: product.id } })).toBe(0);
  });
});
