import { describe, expect, it } from "vitest";
import { isEditable, planOrderEdit, type EditAddress } from "./order-edit";
import { SPEC_DELIVERY_FEES } from "./shipping";

const address = {
  customerAddress: "House 4",
  area: "Mirpur",
  district: "Dhaka",
};
const stored: EditAddress = { ...address, shippingMethod: "Inside Dhaka" };
const order = {
  lines: [
    { id: 1, productId: 10, variantId: 110, productName: "Lamp", variantLabel: "", unitPricePaisa: 1000, quantity: 2 },
    {
      id: 2,
      productId: null,
      variantId: null,
      productName: "Old Fan",
      variantLabel: "56″",
      unitPricePaisa: 5000,
      quantity: 1,
    },
  ],
  shippingFeePaisa: 6000,
  totalPaisa: 13_000,
  address: stored,
};

/** A variant of product 10 ("Lamp") to add; its default variant is 110. */
function added(fields: { variantId: number; variantLabel?: string; unitPricePaisa: number; quantity: number }) {
  const variantLabel = fields.variantLabel ?? "";
  return {
    productId: 10,
    productName: "Lamp",
    productNameBn: "বাতি",
    variantLabelBn: variantLabel,
    sku: "",
    ...fields,
    variantLabel,
  };
}

describe("planOrderEdit", () => {
  it("adds a product the order holds to its line, at the line's price, and takes the units", () => {
    const result = planOrderEdit(
      order,
      {
        quantities: new Map(),
        add: added({ variantId: 110, unitPricePaisa: 1500, quantity: 3 }),
        address,
      },
      SPEC_DELIVERY_FEES,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.update).toEqual([{ id: 1, quantity: 5, subtotalPaisa: 5000 }]);
    expect(result.plan.create).toEqual([]);
    expect([...result.plan.stock]).toEqual([[110, -3]]);
    expect(result.plan.changes).toEqual([
      { kind: "added", name: "Lamp", quantity: 3 },
      { kind: "total", from: 13_000, to: 16_000 },
    ]);
  });

  it("adds another variant of a product the order holds as its own line, named with its label", () => {
    const result = planOrderEdit(
      order,
      {
        quantities: new Map(),
        add: added({ variantId: 111, variantLabel: "Warm white", unitPricePaisa: 1200, quantity: 1 }),
        address,
      },
      SPEC_DELIVERY_FEES,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.update).toEqual([]);
    expect(result.plan.create).toMatchObject([{ variantId: 111, productId: 10, quantity: 1, subtotalPaisa: 1200 }]);
    expect([...result.plan.stock]).toEqual([[111, -1]]);
    expect(result.plan.changes).toEqual([
      { kind: "added", name: "Lamp — Warm white", quantity: 1 },
      { kind: "total", from: 13_000, to: 14_200 },
    ]);
  });

  it("names a removed line with its variant label and returns its units to that variant", () => {
    const withBulb = {
      ...order,
      lines: [
        ...order.lines,
        {
          id: 3,
          productId: 20,
          variantId: 201,
          productName: "Bulb",
          variantLabel: "9 W",
          unitPricePaisa: 500,
          quantity: 2,
        },
      ],
      totalPaisa: 14_000,
    };
    const result = planOrderEdit(withBulb, { quantities: new Map([[3, 0]]), add: null, address }, SPEC_DELIVERY_FEES);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.remove).toEqual([3]);
    expect([...result.plan.stock]).toEqual([[201, 2]]);
    expect(result.plan.changes[0]).toEqual({ kind: "removed", name: "Bulb — 9 W", quantity: 2 });
  });

  it("keeps the shipping fee charged unless the district's zone changes, then charges the current fee", () => {
    const kept = planOrderEdit(
      order,
      { quantities: new Map([[1, 1]]), add: null, address },
      { ...SPEC_DELIVERY_FEES, insideDhakaPaisa: 9900 },
    );
    expect(kept.ok && kept.plan.shippingFeePaisa).toBe(6000);
    // Another district in the same zone: same fee.
    const sameZone = planOrderEdit(order, { quantities: new Map(), add: null, address }, SPEC_DELIVERY_FEES);
    expect(sameZone.ok && sameZone.plan.shippingMethod).toBe("Inside Dhaka");
    const moved = planOrderEdit(
      order,
      { quantities: new Map(), add: null, address: { ...address, district: "Chattogram" } },
      SPEC_DELIVERY_FEES,
    );
    expect(moved.ok && moved.plan).toMatchObject({ shippingMethod: "Outside Dhaka", shippingFeePaisa: 12_000 });
    expect(moved.ok && moved.plan.changes).toContainEqual({
      kind: "shipping",
      from: "Inside Dhaka",
      to: "Outside Dhaka",
    });
  });

  it("re-prices an order whose stored zone is not its district's, even when the district is kept", () => {
    const charged = { ...order, address: { ...stored, district: "Chattogram" } };
    const result = planOrderEdit(
      charged,
      { quantities: new Map(), add: null, address: { ...address, district: "Chattogram" } },
      SPEC_DELIVERY_FEES,
    );
    expect(result.ok && result.plan).toMatchObject({ shippingMethod: "Outside Dhaka", shippingFeePaisa: 12_000 });
  });

  it("keeps the stored method of an order from before districts, which has none", () => {
    const old = { ...order, address: { ...stored, district: "", shippingMethod: "Outside Dhaka" } };
    const result = planOrderEdit(
      old,
      { quantities: new Map([[1, 1]]), add: null, address: { ...address, district: "" } },
      SPEC_DELIVERY_FEES,
    );
    expect(result.ok && result.plan).toMatchObject({ shippingMethod: "Outside Dhaka", shippingFeePaisa: 6000 });
  });

  it("refuses no line left and quantities outside 0 to 999; a deleted product's line needs no stock", () => {
    expect(
      planOrderEdit(
        order,
        {
          quantities: new Map([
            [1, 0],
            [2, 0],
          ]),
          add: null,
          address,
        },
        SPEC_DELIVERY_FEES,
      ),
    ).toEqual({
      ok: false,
      reason: "no-lines",
    });
    expect(planOrderEdit(order, { quantities: new Map([[1, 1000]]), add: null, address }, SPEC_DELIVERY_FEES)).toEqual({
      ok: false,
      reason: "quantity",
    });
    const dropped = planOrderEdit(order, { quantities: new Map([[2, 0]]), add: null, address }, SPEC_DELIVERY_FEES);
    expect(dropped.ok && [...dropped.plan.stock]).toEqual([]);
  });

  it("changes nothing when nothing differs", () => {
    const same = planOrderEdit(order, { quantities: new Map([[1, 2]]), add: null, address }, SPEC_DELIVERY_FEES);
    expect(same.ok && same.plan.changes).toEqual([]);
  });
});

describe("planOrderEdit with a campaign code", () => {
  // Lines 2 × 1000 + 1 × 5000 = 7000; 1500 off; fee 6000.
  const discounted = { ...order, discountPaisa: 1500, totalPaisa: 11_500 };
  it("keeps the discount the order was given and totals subtotal − discount + fee", () => {
    const result = planOrderEdit(discounted, { quantities: new Map([[1, 3]]), add: null, address }, SPEC_DELIVERY_FEES);
    expect(result.ok && result.plan).toMatchObject({ subtotalPaisa: 8000, discountPaisa: 1500, totalPaisa: 12_500 });
    const unchanged = planOrderEdit(discounted, { quantities: new Map(), add: null, address }, SPEC_DELIVERY_FEES);
    expect(unchanged.ok && unchanged.plan.changes).toEqual([]);
  });
  it("never keeps more discount than the new subtotal", () => {
    const big = { ...order, discountPaisa: 6500, totalPaisa: 6500 };
    const result = planOrderEdit(big, { quantities: new Map([[2, 0]]), add: null, address }, SPEC_DELIVERY_FEES);
    expect(result.ok && result.plan).toMatchObject({ subtotalPaisa: 2000, discountPaisa: 2000, totalPaisa: 6000 });
  });
  it("keeps a free-delivery order's delivery free when its zone changes", () => {
    const free = { ...order, shippingFeePaisa: 0, shippingDiscountPaisa: 6000, totalPaisa: 7000 };
    const result = planOrderEdit(
      free,
      { quantities: new Map(), add: null, address: { ...address, district: "Chattogram" } },
      SPEC_DELIVERY_FEES,
    );
    expect(result.ok && result.plan).toMatchObject({
      shippingFeePaisa: 0,
      shippingDiscountPaisa: 12_000,
      totalPaisa: 7000,
    });
  });
});

describe("isEditable", () => {
  it("allows pending and processing orders that no courier has", () => {
    expect(isEditable({ status: "pending", consignmentId: null })).toBe(true);
    expect(isEditable({ status: "processing", consignmentId: null })).toBe(true);
    expect(isEditable({ status: "processing", consignmentId: "1" })).toBe(false);
    expect(isEditable({ status: "shipped", consignmentId: null })).toBe(false);
    expect(isEditable({ status: "cancelled", consignmentId: null })).toBe(false);
  });
});
