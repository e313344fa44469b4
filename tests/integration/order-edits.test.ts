/**
 * Order edits before shipping, against a real SQLite database through the edit page's loader and
 * action: quantities changed and lines removed or added with the totals recomputed on the server,
 * the stock following through the ledger, the address corrected, the history entry with who and
 * when; and the refusals that change nothing (shipped, changed meanwhile, no line left, not enough
 * stock, a bad address).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { action as editAction, loader as editLoader } from "~/routes/admin.orders.edit.$id/route";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import {
  type CookieJar,
  createAdmin,
  createProduct,
  expectData,
  get,
  post,
  run,
  runData,
  signedInJar,
  stockOf,
} from "./helpers";
import { placeOrder } from "./place-order";

let staff: CookieJar;
let staffEmail: string;

beforeEach(async () => {
  const admin = await createAdmin();
  staffEmail = admin.email;
  staff = await signedInJar(admin.id);
});

const editPage = (id: number, q = "") =>
  runData(editLoader, get(`/admin/orders/edit/${id}${q ? `?q=${encodeURIComponent(q)}` : ""}`, staff), {
    id: String(id),
  });

/** The save form as the page would post it, with `overrides` on top. */
async function save(id: number, overrides: Record<string, string | number> = {}) {
  const page = await editPage(id);
  const fields: Record<string, string | number> = {
    intent: "save",
    version: page.version,
    address: page.order.customerAddress,
    area: page.order.area ?? "",
    district: page.order.district ?? "",
    ...Object.fromEntries(page.order.items.map((item) => [`quantity-${item.id}`, item.quantity])),
    ...overrides,
  };
  return run(editAction, post(`/admin/orders/edit/${id}`, fields, staff), { id: String(id) });
}

const itemsOf = (orderId: number) =>
  prisma.orderItem.findMany({
    where: { orderId },
    orderBy: { id: "asc" },
    select: { productName: true, quantity: true, unitPricePaisa: true, subtotalPaisa: true },
  });

describe("editing an order before it ships", () => {
  it("changes a quantity and removes a line: totals recomputed, stock returned, history written", async () => {
    const lamp = await createProduct({ name: "Edit Lamp", pricePaisa: 100_000, stockQuantity: 10 });
    const fan = await createProduct({ name: "Edit Fan", pricePaisa: 250_000, stockQuantity: 5 });
    const id = await placeOrder([
      [lamp.variantId, 2],
      [fan.variantId, 1],
    ]);
    expect([await stockOf(lamp.id), await stockOf(fan.id)]).toEqual([8, 4]);
    const [lampLine, fanLine] = await prisma.orderItem.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });

    const answer = await save(id, { [`quantity-${lampLine!.id}`]: "৫", [`quantity-${fanLine!.id}`]: 0 });
    expect(answer).toRedirectTo(`/admin/orders/view/${id}`);
    await expect(answer).toSetToast({ kind: "success", message: `Order #${id} updated. Total now ৳5,060.00.` });

    expect(await itemsOf(id)).toEqual([
      { productName: "Edit Lamp", quantity: 5, unitPricePaisa: 100_000, subtotalPaisa: 500_000 },
    ]);
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      subtotalPaisa: 500_000,
      shippingFeePaisa: 6000,
      totalPaisa: 506_000,
      itemCount: 5,
      productId: lamp.id,
    });
    expect([await stockOf(lamp.id), await stockOf(fan.id)]).toEqual([5, 5]);
    const ledger = await prisma.stockMovement.findMany({
      where: { orderId: id, reason: "order-edited" },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((entry) => [entry.productName, entry.change, entry.balance, entry.changedByEmail])).toEqual([
      ["Edit Lamp", -3, 5, staffEmail],
      ["Edit Fan", 1, 5, staffEmail],
    ]);

    const page = await runData(orderLoader, get(`/admin/orders/view/${id}`, staff), { id: String(id) });
    expect(page.edits).toHaveLength(1);
    expect(page.edits[0]).toMatchObject({
      changedByEmail: staffEmail,
      changes: [
        { kind: "quantity", name: "Edit Lamp", from: 2, to: 5 },
        { kind: "removed", name: "Edit Fan", quantity: 1 },
        { kind: "total", from: 456_000, to: 506_000 },
      ],
    });
    expect(page.invoice.totalInclShipping).toContain("5,060.00");
  });

  it("keeps a campaign code's saving through an edit, never above the new subtotal", async () => {
    const lamp = await createProduct({ name: "Coded Lamp", pricePaisa: 100_000 });
    const fan = await createProduct({ name: "Coded Fan", pricePaisa: 20_000 });
    const id = await placeOrder([
      [lamp.variantId, 1],
      [fan.variantId, 1],
    ]);
    // As a ৳500 code left it: 120,000 − 50,000 + 6,000.
    await prisma.order.update({
      where: { id },
      data: { discountCode: "EDIT500", discountPaisa: 50_000, totalPaisa: 76_000 },
    });
    const [lampLine, fanLine] = await prisma.orderItem.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });
    expect(await save(id, { [`quantity-${fanLine!.id}`]: 2 })).toRedirectTo(`/admin/orders/view/${id}`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      subtotalPaisa: 140_000,
      discountPaisa: 50_000,
      totalPaisa: 96_000,
    });
    // Only the fans left (৳400): the saving shrinks to the subtotal; the order costs the delivery.
    expect(await save(id, { [`quantity-${lampLine!.id}`]: 0 })).toRedirectTo(`/admin/orders/view/${id}`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      subtotalPaisa: 40_000,
      discountPaisa: 40_000,
      totalPaisa: 6000,
    });
  });

  it("adds a product at its current price and corrects the address, the district re-pricing the delivery", async () => {
    const lamp = await createProduct({ name: "Base Lamp", pricePaisa: 100_000 });
    const switchboard = await createProduct({ name: "Added Switch", pricePaisa: 30_000, discountedPricePaisa: 25_000 });
    const id = await placeOrder([[lamp.variantId, 1]]);
    const found = await editPage(id, "Added Switch");
    expect(found.results.map((product) => [product.name, product.unitPricePaisa])).toEqual([["Added Switch", 25_000]]);
    const added = await run(
      editAction,
      post(
        `/admin/orders/edit/${id}`,
        { intent: "add", variantId: switchboard.variantId, quantity: 2, version: found.version },
        staff,
      ),
      { id: String(id) },
    );
    expect(added).toRedirectTo(`/admin/orders/view/${id}`);
    expect((await itemsOf(id)).map((item) => [item.productName, item.quantity, item.subtotalPaisa])).toEqual([
      ["Base Lamp", 1, 100_000],
      ["Added Switch", 2, 50_000],
    ]);

    const moved = await save(id, {
      address: "Flat 2B, Rose Villa",
      area: "Zindabazar",
      district: "Sylhet",
      // A stale or tampered form's zone: the district decides.
      shippingMethod: "Inside Dhaka",
    });
    expect(moved).toRedirectTo(`/admin/orders/view/${id}`);
    const order = await prisma.order.findUniqueOrThrow({ where: { id } });
    expect(order).toMatchObject({
      customerAddress: "Flat 2B, Rose Villa",
      area: "Zindabazar",
      district: "Sylhet",
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12_000,
      totalPaisa: 162_000,
      addressKey: "flat2brosevilla|zindabazar|sylhet",
    });
    const edits = await prisma.orderEdit.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });
    expect(JSON.parse(edits[1]!.changes)).toEqual([
      { kind: "address", from: "House 4, Road 2, Mirpur 10, Dhaka", to: "Flat 2B, Rose Villa, Zindabazar, Sylhet" },
      { kind: "shipping", from: "Inside Dhaka", to: "Outside Dhaka" },
      { kind: "total", from: 156_000, to: 162_000 },
    ]);
  });

  it("re-prices an order whose stored zone is not its district's at its next save, and keeps a district-less order's", async () => {
    const lamp = await createProduct({ name: "Mispriced Lamp", pricePaisa: 100_000 });
    const id = await placeOrder([[lamp.variantId, 1]], { district: "Chattogram" });
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12_000,
    });
    // As an order placed before the district decided the fee was stored: the form's zone, not the district's.
    await prisma.order.update({
      where: { id },
      data: { shippingMethod: "Inside Dhaka", shippingFeePaisa: 6000, totalPaisa: 106_000 },
    });
    expect(await save(id)).toRedirectTo(`/admin/orders/view/${id}`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      district: "Chattogram",
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12_000,
      totalPaisa: 112_000,
    });

    // An order from before checkout asked for the district: adding a product keeps its method and fee.
    const old = await placeOrder([[lamp.variantId, 1]]);
    await prisma.order.update({ where: { id: old }, data: { district: "", area: "" } });
    const page = await editPage(old);
    const added = await run(
      editAction,
      post(
        `/admin/orders/edit/${old}`,
        { intent: "add", variantId: lamp.variantId, quantity: 1, version: page.version },
        staff,
      ),
      { id: String(old) },
    );
    expect(added).toRedirectTo(`/admin/orders/view/${old}`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: old } })).toMatchObject({
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      totalPaisa: 206_000,
    });
  });

  it("refuses, changing nothing: an edit over a change made meanwhile, no line left, too little stock, a bad district", async () => {
    const lamp = await createProduct({ name: "Guarded Lamp", pricePaisa: 100_000, stockQuantity: 3 });
    const id = await placeOrder([[lamp.variantId, 1]]);
    const [line] = await prisma.orderItem.findMany({ where: { orderId: id } });
    const before = await prisma.order.findUniqueOrThrow({ where: { id } });

    const stale = await editPage(id);
    await prisma.order.update({ where: { id }, data: { confirmedAt: new Date() } }); // a colleague confirms it
    const conflict = await save(id, { version: stale.version, [`quantity-${line!.id}`]: 2 });
    expect(conflict).toRedirectTo(`/admin/orders/edit/${id}`);
    await expect(conflict).toSetToast({ kind: "error", message: enAdmin["admin.edit.conflict"] });

    const empty = await save(id, { [`quantity-${line!.id}`]: 0 });
    expect(empty.status).toBe(400);
    expect(expectData(empty)).toMatchObject({ formError: enAdmin["admin.edit.noLines"] });

    const tooMany = await save(id, { [`quantity-${line!.id}`]: 4 });
    expect(tooMany.status).toBe(400);
    expect(expectData(tooMany)).toMatchObject({
      formError: "Not enough stock: Guarded Lamp (2 left, 3 needed). Nothing was changed.",
      values: { [`quantity-${line!.id}`]: "4" },
    });

    const badDistrict = await save(id, { district: "Atlantis", area: "" });
    expect(badDistrict.status).toBe(400);
    expect(expectData(badDistrict)).toMatchObject({
      fieldErrors: { district: expect.any(String), area: expect.any(String) },
      values: { district: "Atlantis" },
    });

    const after = await prisma.order.findUniqueOrThrow({ where: { id } });
    expect([after.totalPaisa, after.itemCount, after.customerAddress]).toEqual([
      before.totalPaisa,
      before.itemCount,
      before.customerAddress,
    ]);
    expect(await stockOf(lamp.id)).toBe(2);
    expect(await prisma.orderEdit.count({ where: { orderId: id } })).toBe(0);
  });

  it("is closed once the order ships or goes to a courier, and for anyone not signed in", async () => {
    const lamp = await createProduct({ name: "Shipped Lamp", pricePaisa: 100_000 });
    const id = await placeOrder([[lamp.variantId, 1]]);
    const [line] = await prisma.orderItem.findMany({ where: { orderId: id } });
    const anonymous = await run(editAction, post(`/admin/orders/edit/${id}`, { intent: "save" }), { id: String(id) });
    expect(anonymous.location).toMatch(/^\/admin\/login/);

    await prisma.order.update({ where: { id }, data: { status: "shipped" } });
    expect((await editPage(id)).editable).toBe(false);
    const refused = await save(id, { [`quantity-${line!.id}`]: 3 });
    await expect(refused).toSetToast({ kind: "error", message: enAdmin["admin.edit.locked"] });
    expect((await itemsOf(id))[0]!.quantity).toBe(1);

    await prisma.order.update({ where: { id }, data: { status: "pending", consignmentId: "1424100" } });
    expect((await editPage(id)).editable).toBe(false);
  });
});
