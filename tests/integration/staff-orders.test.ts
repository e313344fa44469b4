/**
 * Orders staff take at /admin/orders/new (docs/decisions/063-staff-orders.md), against a real SQLite
 * database through the page's loader and action: the search, the lines, the phone's last address,
 * the placement through the shopper's (stock taken, limits and blocklist refusing exactly as at
 * checkout), the owner's override and fee (recorded; refused to staff with nothing written), the
 * discount and totals, the refusals that write nothing, and drafts (no stock held; placed once).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { action as draftsAction, loader as draftsLoader } from "~/routes/admin.orders.drafts";
import type { StaffOrderView } from "~/routes/admin.orders.new/form-state";
import { action as newAction, loader as newLoader } from "~/routes/admin.orders.new/route";
import { serverTranslator } from "~/server/i18n.server";
import {
  type CookieJar,
  createAdmin,
  createProduct,
  createProductWithVariants,
  expectData,
  get,
  post,
  run,
  runData,
  signedInJar,
  stockOf,
} from "./helpers";
import { placeOrder as shopperOrder } from "./place-order";

let owner: CookieJar;
let ownerEmail: string;
let staff: CookieJar;
let staffEmail: string;
let phoneCounter = 0;
/** A phone no other test uses (01XXXXXXXXX). */
const freshPhone = () => `0181${String(4_000_000 + ++phoneCounter).padStart(7, "0")}`;

beforeEach(async () => {
  const boss = await createAdmin();
  ownerEmail = boss.email;
  owner = await signedInJar(boss.id);
  const member = await createAdmin();
  await prisma.adminUser.update({ where: { id: member.id }, data: { role: "staff" } });
  staffEmail = member.email;
  staff = await signedInJar(member.id);
});

/** The empty form (or draft `draft`'s) as `jar` sees it. */
async function newPage(jar: CookieJar, draft?: number) {
  return expectData(
    await run(newLoader, get(`/admin/orders/new${draft ? `?draft=${draft}` : ""}`, jar)),
  ) as StaffOrderView;
}

/** The form's fields for `lines` (variant id, quantity) and a shopper, with `overrides` on top. */
function fields(
  view: StaffOrderView,
  lines: [number, number][],
  overrides: Record<string, string | number | (string | number)[]> = {},
): Record<string, string | number | (string | number)[]> {
  return {
    checkoutToken: view.checkoutToken,
    ...(view.draftId ? { draftId: view.draftId } : {}),
    line: lines.map(([variantId]) => variantId),
    ...Object.fromEntries(lines.map(([variantId, quantity]) => [`quantity-${variantId}`, quantity])),
    phone: "01712000000",
    name: "Facebook Shopper",
    email: "",
    address: "House 9, Road 3",
    area: "Dhanmondi",
    district: "Dhaka",
    language: "bn",
    source: "facebook",
    shippingFee: "",
    discount: "",
    discountReason: "",
    note: "",
    intent: "place",
    ...overrides,
  };
}

/** Posts the form as `jar`. */
const send = (jar: CookieJar, body: Record<string, string | number | (string | number)[]>) =>
  run(newAction, post("/admin/orders/new", body, jar));

/** Posts and expects the form back (not a redirect) with `status`. */
async function answer(jar: CookieJar, body: Record<string, string | number | (string | number)[]>, status = 400) {
  const outcome = await send(jar, body);
  expect(outcome.status).toBe(status);
  return expectData(outcome) as StaffOrderView;
}

/** The id in a redirect to an order's page. */
function orderIdOf(outcome: Awaited<ReturnType<typeof send>>): number {
  expect(outcome).toRedirectTo(/^\/admin\/orders\/view\/\d+$/);
  return Number(outcome.location!.split("/").pop());
}

/** Sets the shop's checkout limits (0: none); returns a function putting the old ones back. */
async function setLimits(perPhone: number, perAddress: number) {
  const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...input } = await getShopSettings();
  await saveShopSettings({ ...input, phoneOrderLimit: perPhone, addressOrderLimit: perAddress });
  return () => saveShopSettings(input);
}

describe("a staff member takes an order", () => {
  it("finds variants by name and SKU, adds lines, and places a Facebook order that takes stock, like a shopper's", async () => {
    const shirt = await createProductWithVariants({
      name: "Staff Shirt",
      options: [{ name: "Size", values: ["M", "L", "XL"] }],
      variants: [
        { values: ["M"], pricePaisa: 80_000, stockQuantity: 5, sku: "SHIRT-M" },
        { values: ["L"], pricePaisa: 90_000, stockQuantity: 0 },
        { values: ["XL"], pricePaisa: 90_000, stockQuantity: 3, isActive: false },
      ],
    });
    const cap = await createProduct({ name: "Staff Cap", pricePaisa: 30_000, stockQuantity: 4, sku: "CAP-1" });
    const hidden = await createProduct({ name: "Staff Shirt Hidden", pricePaisa: 10_000 });
    await prisma.product.update({ where: { id: hidden.id }, data: { isPublished: false } });

    let view = await newPage(staff);
    expect(view.lines).toEqual([]);
    expect(view.values.source).toBe("facebook");
    view = await answer(staff, { ...fields(view, []), intent: "search", q: "staff shirt" }, 200);
    // Variants by their option labels; the switched-off one and the hidden product are not offered.
    expect(view.results?.map((result) => [result.name, result.unitPricePaisa, result.available])).toEqual([
      ["Staff Shirt — M", 80_000, 5],
      ["Staff Shirt — L", 90_000, 0],
    ]);
    view = await answer(staff, { ...fields(view, []), intent: "search", q: "cap-1" }, 200);
    expect(view.results?.map((result) => result.name)).toEqual(["Staff Cap"]);

    const m = shirt.variantId("M");
    view = await answer(staff, { ...fields(view, []), intent: `add-${m}`, q: "cap-1" }, 200);
    view = await answer(staff, { ...fields(view, [[m, 1]]), intent: `add-${cap.variantId}`, q: "cap-1" }, 200);
    view = await answer(
      staff,
      {
        ...fields(view, [
          [m, 1],
          [cap.variantId, 1],
        ]),
        intent: `add-${m}`,
      },
      200,
    );
    expect(view.lines.map((line) => [line.name, line.quantity])).toEqual([
      ["Staff Shirt — M", "2"],
      ["Staff Cap", "1"],
    ]);
    // Dhaka: Inside Dhaka's fee; the totals before placing.
    expect(view.totals).toMatchObject({ zone: "Inside Dhaka", subtotalPaisa: 190_000, shippingFeePaisa: 6000 });
    expect(view.totals.totalPaisa).toBe(196_000);

    const phone = freshPhone();
    const placed = await send(
      staff,
      fields(
        view,
        [
          [m, 2],
          [cap.variantId, 1],
        ],
        { phone, note: "Asked on Messenger", language: "en" },
      ),
    );
    const id = orderIdOf(placed);
    await expect(placed).toSetToast({ kind: "success", message: `Order #${id} placed: ৳1,960.00.` });
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: m } })).toMatchObject({ stockQuantity: 3 });
    expect(await stockOf(cap.id)).toBe(3);
    const order = await prisma.order.findUniqueOrThrow({
      where: { id },
      include: { items: { orderBy: { id: "asc" } }, notes: true, statusChanges: true },
    });
    expect(order).toMatchObject({
      source: "facebook",
      createdByEmail: staffEmail,
      customerPhone: phone,
      language: "en",
      subtotalPaisa: 190_000,
      shippingFeePaisa: 6000,
      totalPaisa: 196_000,
      discountPaisa: 0,
      status: "pending",
    });
    expect(order.items.map((item) => [item.productName, item.variantLabel, item.quantity])).toEqual([
      ["Staff Shirt", "M", 2],
      ["Staff Cap", "", 1],
    ]);
    expect(order.notes.map((note) => [note.body, note.authorEmail])).toEqual([["Asked on Messenger", staffEmail]]);
    expect(order.statusChanges[0]).toMatchObject({ toStatus: "pending", changedByEmail: staffEmail });
    const events = await prisma.auditEvent.findMany({ where: { action: "order.created", subjectId: id } });
    expect(events.map((event) => [event.actorEmail, event.summary])).toEqual([[staffEmail, "facebook"]]);

    // The same form sent again (a double submit) lands on the same order, and takes nothing more.
    const again = await send(
      staff,
      fields(
        view,
        [
          [m, 2],
          [cap.variantId, 1],
        ],
        { phone },
      ),
    );
    expect(orderIdOf(again)).toBe(id);
    expect(await stockOf(cap.id)).toBe(3);
  });

  it("looks up the phone's last order in any form the checkout accepts, and refuses a phone that is not a mobile", async () => {
    const lamp = await createProduct({ name: "Lookup Lamp", pricePaisa: 10_000 });
    await shopperOrder([[lamp.variantId, 1]], {
      phone: "01755000001",
      name: "Old Name",
      address: "Old House",
      district: "Dhaka",
    });
    await shopperOrder([[lamp.variantId, 1]], {
      phone: "01755000001",
      name: "Rahima Begum",
      address: "House 12, Lane 4",
      area: "Agrabad",
      district: "Chattogram",
    });
    const view = await newPage(staff);
    const found = await answer(
      staff,
      { ...fields(view, []), intent: "lookup", phone: "+880 1755-০০০০০১", name: "" },
      200,
    );
    expect(found.values).toMatchObject({
      phone: "01755000001",
      name: "Rahima Begum",
      address: "House 12, Lane 4",
      area: "Agrabad",
      district: "Chattogram",
    });
    expect(found.notice).toMatch(/^Filled from order #\d+ of /);
    expect(found.totals.zone).toBe("Outside Dhaka");

    const bad = await answer(staff, { ...fields(view, []), intent: "lookup", phone: "12345" });
    expect(bad.fieldErrors.phone).toBe(serverTranslator("en")("checkout.phoneInvalid"));
    expect(bad.values.phone).toBe("12345");
    const before = await prisma.order.count();
    const refused = await answer(staff, fields(view, [[lamp.variantId, 1]], { phone: "01312" }));
    expect(refused.fieldErrors.phone).toBe(serverTranslator("en")("checkout.phoneInvalid"));
    expect(refused.values.name).toBe("Facebook Shopper");
    expect(await prisma.order.count()).toBe(before);
  });
});

describe("the shop's defences hold for staff orders", () => {
  it("refuses a phone over its limit like a shopper's; only the owner overrides, with a note, recorded in the trail", async () => {
    const lamp = await createProduct({ name: "Limit Lamp", pricePaisa: 10_000, stockQuantity: 10 });
    const phone = freshPhone();
    const restore = await setLimits(1, 0);
    try {
      await shopperOrder([[lamp.variantId, 1]], { phone });
      const before = await prisma.order.count();
      const view = await newPage(staff);
      const refused = await answer(staff, fields(view, [[lamp.variantId, 1]], { phone }));
      expect(refused.formError).toBe(
        "This phone reached the shop's limit of orders in 24 hours (1). Nothing was placed.",
      );
      expect(refused.canOverride).toBe(false);
      // Staff cannot override: 403, nothing written.
      const forbidden = await answer(
        staff,
        fields(view, [[lamp.variantId, 1]], { phone, override: "on", overrideNote: "Regular" }),
        403,
      );
      expect(forbidden.formError).toBe(enAdmin["admin.staffOrder.overrideOwnerOnly"]);
      expect(await prisma.order.count()).toBe(before);
      expect(await stockOf(lamp.id)).toBe(9);

      const ownerView = await newPage(owner);
      const offered = await answer(owner, fields(ownerView, [[lamp.variantId, 1]], { phone }));
      expect(offered.canOverride).toBe(true);
      const noNote = await answer(owner, fields(ownerView, [[lamp.variantId, 1]], { phone, override: "on" }));
      expect(noNote.fieldErrors.overrideNote).toBe(enAdmin["admin.staffOrder.overrideNoteRequired"]);
      expect(await prisma.order.count()).toBe(before);

      const placed = await send(
        owner,
        fields(ownerView, [[lamp.variantId, 1]], {
          phone,
          override: "on",
          overrideNote: "Her second shop, called her",
        }),
      );
      const id = orderIdOf(placed);
      expect(await stockOf(lamp.id)).toBe(8);
      const trail = await prisma.auditEvent.findMany({ where: { action: "order.override", subjectId: id } });
      expect(trail.map((event) => [event.actorEmail, event.summary, JSON.parse(event.details ?? "{}")])).toEqual([
        [ownerEmail, "Her second shop, called her", { checks: ["limit"], note: "Her second shop, called her" }],
      ]);
    } finally {
      await restore();
    }
  });

  it("refuses a blocked phone with the block's reason; the owner may override it", async () => {
    const lamp = await createProduct({ name: "Blocked Lamp", pricePaisa: 10_000, stockQuantity: 5 });
    const phone = freshPhone();
    await prisma.blockedPhone.create({ data: { phone, note: "Refused 3 parcels" } });
    const before = await prisma.order.count();
    const view = await newPage(staff);
    const refused = await answer(staff, fields(view, [[lamp.variantId, 1]], { phone: `+88${phone}` }));
    expect(refused.formError).toBe("This phone is blocked: Refused 3 parcels. Nothing was placed.");
    // In the staff member's own language.
    const bangla = await createAdmin();
    await prisma.adminUser.update({ where: { id: bangla.id }, data: { role: "staff", language: "bn" } });
    const inBangla = await answer(await signedInJar(bangla.id), fields(view, [[lamp.variantId, 1]], { phone }));
    expect(inBangla.formError).toBe("এই ফোনটি ব্লক করা: Refused 3 parcels। কোনো অর্ডার হয়নি।");
    expect(await prisma.order.count()).toBe(before);
    expect(await stockOf(lamp.id)).toBe(5);

    const ownerView = await newPage(owner);
    const id = orderIdOf(
      await send(
        owner,
        fields(ownerView, [[lamp.variantId, 1]], { phone, override: "on", overrideNote: "Paid in advance" }),
      ),
    );
    const trail = await prisma.auditEvent.findFirstOrThrow({ where: { action: "order.override", subjectId: id } });
    expect(JSON.parse(trail.details ?? "{}")).toMatchObject({ checks: ["blocked"] });
  });
});

describe("charges, discounts and refusals", () => {
  it("lets only the owner set the delivery charge; a staff member's is refused with nothing written", async () => {
    const lamp = await createProduct({ name: "Fee Lamp", pricePaisa: 100_000, stockQuantity: 5 });
    const before = await prisma.order.count();
    const view = await newPage(staff);
    expect(view.isOwner).toBe(false);
    const refused = await answer(staff, fields(view, [[lamp.variantId, 1]], { shippingFee: "0" }), 403);
    expect(refused.formError).toBe(enAdmin["admin.staffOrder.feeOwnerOnly"]);
    expect(await prisma.order.count()).toBe(before);
    expect(await stockOf(lamp.id)).toBe(5);

    const ownerView = await newPage(owner);
    const shown = await answer(
      owner,
      {
        ...fields(ownerView, [[lamp.variantId, 2]], {
          district: "Sylhet",
          shippingFee: "৫০",
          discount: "150.50",
          discountReason: "Eid gift",
        }),
        intent: "update",
      },
      200,
    );
    expect(shown.totals).toMatchObject({
      zone: "Outside Dhaka",
      subtotalPaisa: 200_000,
      discountPaisa: 15_050,
      shippingFeePaisa: 5000,
      totalPaisa: 189_950,
      cashPaisa: 189_950,
    });
    const id = orderIdOf(
      await send(
        owner,
        fields(ownerView, [[lamp.variantId, 2]], {
          district: "Sylhet",
          shippingFee: "৫০",
          discount: "150.50",
          discountReason: "Eid gift",
        }),
      ),
    );
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 5000,
      subtotalPaisa: 200_000,
      discountPaisa: 15_050,
      discountReason: "Eid gift",
      discountCode: null,
      totalPaisa: 189_950,
    });
  });

  it("refuses a discount without a reason or above the subtotal, a quantity above the stock and a product hidden meanwhile", async () => {
    const lamp = await createProduct({ name: "Refused Lamp", pricePaisa: 10_000, stockQuantity: 2 });
    const before = await prisma.order.count();
    const view = await newPage(staff);
    const noReason = await answer(staff, fields(view, [[lamp.variantId, 1]], { discount: "10" }));
    expect(noReason.fieldErrors.discountReason).toBe(enAdmin["admin.staffOrder.discountReasonRequired"]);
    const tooLarge = await answer(
      staff,
      fields(view, [[lamp.variantId, 1]], { discount: "101", discountReason: "Gift" }),
    );
    expect(tooLarge.formError).toBe("The discount is more than the items cost (৳100.00).");
    const tooMany = await answer(staff, fields(view, [[lamp.variantId, 3]]));
    expect(tooMany.formError).toBe("Not enough stock: Refused Lamp (2 left, 3 needed). Nothing was placed.");
    expect(tooMany.lines[0]).toMatchObject({ quantity: "3", available: 2 });
    const badQuantity = await answer(staff, fields(view, [[lamp.variantId, 0]]));
    expect(badQuantity.formError).toBe(enAdmin["admin.staffOrder.quantityInvalid"]);
    const empty = await answer(staff, fields(view, []));
    expect(empty.formError).toBe(enAdmin["admin.staffOrder.noItems"]);

    await prisma.product.update({ where: { id: lamp.id }, data: { isPublished: false } });
    const hidden = await answer(staff, fields(view, [[lamp.variantId, 1]]));
    expect(hidden.formError).toBe("No longer for sale: Refused Lamp. Remove the line; nothing was placed.");
    expect(hidden.lines[0]).toMatchObject({ missing: true, name: "Refused Lamp" });
    expect(await prisma.order.count()).toBe(before);
    expect(await stockOf(lamp.id)).toBe(2);
  });
});

describe("drafts", () => {
  it("saves a half-done draft that holds no stock, lists it, fills the form from it, and places it once from two tabs", async () => {
    const lamp = await createProduct({ name: "Draft Lamp", pricePaisa: 20_000, stockQuantity: 3 });
    const view = await newPage(staff);
    const saved = await send(
      staff,
      fields(view, [[lamp.variantId, 2]], {
        intent: "draft",
        phone: "0171",
        name: "",
        source: "phone",
        discount: "20",
        discountReason: "Old friend",
      }),
    );
    expect(saved).toRedirectTo("/admin/orders/drafts");
    const draft = await prisma.draftOrder.findFirstOrThrow({ orderBy: { id: "desc" }, include: { items: true } });
    await expect(saved).toSetToast({ kind: "success", message: `Draft #${draft.id} saved. It holds no stock.` });
    expect(draft).toMatchObject({
      customerPhone: "0171",
      source: "phone",
      discountPaisa: 2000,
      createdByEmail: staffEmail,
      orderId: null,
    });
    expect(draft.items.map((item) => [item.variantId, item.quantity])).toEqual([[lamp.variantId, 2]]);
    expect(await stockOf(lamp.id)).toBe(3);

    const list = await runData(draftsLoader, get("/admin/orders/drafts", staff));
    expect(list.rows[0]).toMatchObject({
      id: draft.id,
      phone: "0171",
      itemCount: 2,
      estimatePaisa: 40_000 - 2000 + 6000,
      orderId: null,
    });

    const opened = await newPage(staff, draft.id);
    expect(opened).toMatchObject({ draftId: draft.id, checkoutToken: `draft-${draft.id}` });
    expect(opened.values).toMatchObject({
      phone: "0171",
      source: "phone",
      discount: "20",
      discountReason: "Old friend",
    });
    expect(opened.lines.map((line) => [line.variantId, line.quantity])).toEqual([[lamp.variantId, "2"]]);

    // Two tabs place the draft at once: one order, both answers land on it.
    const phone = freshPhone();
    const form = fields(opened, [[lamp.variantId, 2]], {
      phone,
      source: "phone",
      discount: "20",
      discountReason: "Old friend",
    });
    const [first, second] = await Promise.all([send(staff, form), send(staff, form)]);
    const id = orderIdOf(first);
    expect(orderIdOf(second)).toBe(id);
    expect(await prisma.order.count({ where: { customerPhone: phone } })).toBe(1);
    expect(await stockOf(lamp.id)).toBe(1);
    expect(await prisma.draftOrder.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ orderId: id });
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      source: "phone",
      checkoutToken: `draft-${draft.id}`,
      discountReason: "Old friend",
    });
    // Opening the placed draft goes to its order; the list links it.
    expect(await run(newLoader, get(`/admin/orders/new?draft=${draft.id}`, staff))).toRedirectTo(
      `/admin/orders/view/${id}`,
    );
    expect((await runData(draftsLoader, get("/admin/orders/drafts", staff))).rows[0]).toMatchObject({ orderId: id });

    // Deleting it keeps the order.
    const deleted = await run(draftsAction, post("/admin/orders/drafts", { intent: "delete", id: draft.id }, staff));
    await expect(deleted).toSetToast({ kind: "success", message: `Draft #${draft.id} deleted.` });
    expect(await prisma.draftOrder.count({ where: { id: draft.id } })).toBe(0);
    expect(await prisma.order.count({ where: { id } })).toBe(1);
  });

  it("checks the stock when a draft is placed, not when it was saved", async () => {
    const lamp = await createProduct({ name: "Late Lamp", pricePaisa: 20_000, stockQuantity: 2 });
    const view = await newPage(staff);
    expect(await send(staff, fields(view, [[lamp.variantId, 2]], { intent: "draft" }))).toRedirectTo(
      "/admin/orders/drafts",
    );
    const draft = await prisma.draftOrder.findFirstOrThrow({ orderBy: { id: "desc" } });
    await shopperOrder([[lamp.variantId, 1]], { phone: freshPhone() });
    const opened = await newPage(staff, draft.id);
    const refused = await answer(staff, fields(opened, [[lamp.variantId, 2]], { phone: freshPhone() }));
    expect(refused.formError).toBe("Not enough stock: Late Lamp (1 left, 2 needed). Nothing was placed.");
    expect(await prisma.draftOrder.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ orderId: null });
  });

  it("keeps the delivery charge an owner set on a draft when a staff member saves and places it", async () => {
    const lamp = await createProduct({ name: "Owner Fee Lamp", pricePaisa: 30_000, stockQuantity: 3 });
    const ownerView = await newPage(owner);
    expect(
      await send(owner, fields(ownerView, [[lamp.variantId, 1]], { shippingFee: "50", intent: "draft" })),
    ).toRedirectTo("/admin/orders/drafts");
    const draft = await prisma.draftOrder.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(draft.shippingFeePaisa).toBe(5000);

    // The staff member's form has no charge field: the draft's charge shows, stays when saved, and is placed.
    const opened = await newPage(staff, draft.id);
    expect(opened.totals).toMatchObject({ shippingFeePaisa: 5000, totalPaisa: 35_000 });
    expect(
      await send(staff, fields(opened, [[lamp.variantId, 1]], { note: "Call after 5", intent: "draft" })),
    ).toRedirectTo("/admin/orders/drafts");
    expect(await prisma.draftOrder.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      shippingFeePaisa: 5000,
      note: "Call after 5",
    });
    const id = orderIdOf(await send(staff, fields(opened, [[lamp.variantId, 1]], { phone: freshPhone() })));
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      shippingFeePaisa: 5000,
      totalPaisa: 35_000,
    });
  });

  it("refuses to save a draft with an amount it cannot keep or a quantity out of range, keeping what was typed", async () => {
    const lamp = await createProduct({ name: "Big Amount Lamp", pricePaisa: 10_000, stockQuantity: 3 });
    const before = await prisma.draftOrder.count();
    const view = await newPage(owner);
    const huge = await answer(
      owner,
      fields(view, [[lamp.variantId, 1]], {
        discount: "30000000",
        discountReason: "Typo",
        shippingFee: "abc",
        intent: "draft",
      }),
    );
    expect(huge.fieldErrors).toEqual({
      discount: enAdmin["admin.staffOrder.amountTooLarge"],
      shippingFee: enAdmin["admin.staffOrder.feeInvalid"],
    });
    expect(huge.values).toMatchObject({ discount: "30000000", discountReason: "Typo", name: "Facebook Shopper" });
    const zero = await answer(staff, fields(await newPage(staff), [[lamp.variantId, 0]], { intent: "draft" }));
    expect(zero.fieldErrors.lines).toBe(enAdmin["admin.staffOrder.quantityInvalid"]);
    expect(zero.lines.map((line) => line.quantity)).toEqual(["0"]);
    expect(await prisma.draftOrder.count()).toBe(before);
  });

  it("keeps what was typed when the draft was deleted in another tab meanwhile", async () => {
    const lamp = await createProduct({ name: "Gone Draft Lamp", pricePaisa: 10_000, stockQuantity: 3 });
    const view = await newPage(staff);
    await send(staff, fields(view, [[lamp.variantId, 1]], { intent: "draft" }));
    const draft = await prisma.draftOrder.findFirstOrThrow({ orderBy: { id: "desc" } });
    const opened = await newPage(staff, draft.id);
    await prisma.draftOrder.delete({ where: { id: draft.id } });
    for (const intent of ["draft", "place"]) {
      const kept = await answer(staff, fields(opened, [[lamp.variantId, 1]], { name: "Typed Again", intent }), 409);
      expect(kept.formError).toBe(enAdmin["admin.staffOrder.draftGone"]);
      expect(kept.draftId).toBeNull();
      expect(kept.values.name).toBe("Typed Again");
      expect(kept.checkoutToken).not.toBe(opened.checkoutToken);
    }
  });
});

describe("the total staff saw is the total placed", () => {
  it("shows the new total instead of placing when a price changed after the form was drawn", async () => {
    const lamp = await createProduct({ name: "Price Change Lamp", pricePaisa: 40_000, stockQuantity: 3 });
    const view = await newPage(staff);
    const shown = await answer(staff, { ...fields(view, [[lamp.variantId, 1]]), intent: "update" }, 200);
    expect(shown.totals.totalPaisa).toBe(46_000);
    await prisma.productVariant.update({ where: { id: lamp.variantId }, data: { pricePaisa: 45_000 } });
    const before = await prisma.order.count();
    const refused = await answer(staff, fields(shown, [[lamp.variantId, 1]], { expectedTotalPaisa: 46_000 }));
    expect(refused.formError).toBe(
      "The total is now ৳510.00: a price, a quantity, the district or the delivery charge changed. Check it with the shopper, then place the order.",
    );
    expect(refused.totals.totalPaisa).toBe(51_000);
    expect(await prisma.order.count()).toBe(before);
    expect(await stockOf(lamp.id)).toBe(3);
    const id = orderIdOf(
      await send(staff, fields(refused, [[lamp.variantId, 1]], { expectedTotalPaisa: refused.totals.totalPaisa })),
    );
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({ totalPaisa: 51_000 });
  });
});
