/**
 * The owner's campaign codes page (/admin/discounts) on a real SQLite database: owner only; the
 * form's validation keeping what was typed; creating with Dhaka times and targets found by the
 * search that works without JavaScript; the list's figures (uses, orders, revenue, discount given);
 * switching off; deleting only an unused code; the audit trail.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { action as formAction, loader as formLoader } from "~/routes/admin.discounts.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin.discounts._index";
import { prisma } from "~/models/db/client.server";
import { hashPassword } from "~/server/auth/password.server";
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
} from "./helpers";
import { placeOrder } from "./place-order";

let jar: CookieJar;

beforeEach(async () => {
  const owner = await createAdmin();
  jar = await signedInJar(owner.id);
});

/** The new-code form's fields, a 10% code unless `fields` say otherwise. */
const form = (fields: Record<string, string | number | (string | number)[]> = {}) => ({
  intent: "save",
  code: "eid10",
  note: "",
  kind: "percentage",
  value: "10",
  maxDiscount: "",
  minSubtotal: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  perPhoneLimit: "",
  appliesTo: "all",
  isActive: "on",
  ...fields,
});

describe("/admin/discounts", () => {
  it("is the owner's only", async () => {
    const staff = await prisma.adminUser.create({
      data: { email: "member@haat.example", role: "staff", passwordHash: await hashPassword("correct horse battery") },
    });
    const staffJar = await signedInJar(staff.id);
    expect((await run(listLoader, get("/admin/discounts", staffJar))).status).toBe(403);
    expect((await run(formAction, post("/admin/discounts/new", form(), staffJar), { id: "new" })).status).toBe(403);
  });

  it("refuses a malformed form with a message per field, keeping what was typed", async () => {
    const refuse = async (fields: Record<string, string>) => {
      const outcome = await run(formAction, post("/admin/discounts/new", form(fields), jar), { id: "new" });
      expect(outcome.status).toBe(400);
      return expectData(outcome);
    };
    const first = await refuse({ code: "e", usageLimit: "0", minSubtotal: "abc", startsAt: "soon" });
    expect(first.fieldErrors).toEqual({
      code: "Enter 3 to 32 letters, digits, - or _.",
      usageLimit: "Enter a whole number from 1, or leave it empty.",
      minSubtotal: "Enter an amount in taka, more than 0.",
      startsAt: "Enter a date and time.",
    });
    expect(first.values).toMatchObject({ code: "e", usageLimit: "0", minSubtotal: "abc", startsAt: "soon" });
    // The rules between fields, once each field reads.
    const second = await refuse({
      value: "150",
      startsAt: "2026-04-10T10:00",
      endsAt: "2026-04-10T09:00",
      appliesTo: "selected",
    });
    expect(second.fieldErrors).toEqual({
      value: "Enter a percentage from 0.01 to 100.",
      endsAt: "The end must be after the start.",
      targets: "Tick at least one category, product or variant.",
    });
  });

  it("creates a code with Dhaka times and a variant found by the search, then shows its figures", async () => {
    const lamp = await createProduct({ name: "Searchable Lamp", pricePaisa: 100_000, sku: "LAMP-1" });
    const found = expectData(
      await run(
        formAction,
        post("/admin/discounts/new", form({ intent: "search", search: "lamp-1", code: "x" }), jar),
        {
          id: "new",
        },
      ),
    );
    expect(found.found.map((product) => product.id)).toEqual([lamp.id]);
    expect(found.values.code).toBe("x");

    const created = await run(
      formAction,
      post(
        "/admin/discounts/new",
        form({
          code: "boishakh",
          value: "12.5",
          maxDiscount: "৫০০",
          startsAt: "2026-04-14T00:00",
          usageLimit: "100",
          appliesTo: "selected",
          productIds: [lamp.id],
        }),
        jar,
      ),
      { id: "new" },
    );
    expect(created).toRedirectTo("/admin/discounts");
    const saved = await prisma.discountCode.findUniqueOrThrow({
      where: { code: "BOISHAKH" },
      include: { targets: true },
    });
    expect(saved).toMatchObject({ value: 1250, maxDiscountPaisa: 50_000, usageLimit: 100, appliesTo: "selected" });
    expect(saved.startsAt?.toISOString()).toBe("2026-04-13T18:00:00.000Z");
    expect(saved.targets).toMatchObject([{ productId: lamp.id }]);
    expect(await prisma.auditEvent.count({ where: { action: "discount.created", summary: "BOISHAKH" } })).toBe(1);

    // The form shows it as saved, in Dhaka time.
    const page = await runData(formLoader, get(`/admin/discounts/${saved.id}`, jar), { id: String(saved.id) });
    expect(page.values).toMatchObject({
      code: "BOISHAKH",
      value: "12.5",
      maxDiscount: "500.00",
      startsAt: "2026-04-14T00:00",
    });

    // Two orders with it (one cancelled): the list counts the one that stands.
    await prisma.discountCode.update({ where: { id: saved.id }, data: { startsAt: null } });
    const orderIds = [await placeOrder([[lamp.variantId, 1]]), await placeOrder([[lamp.variantId, 2]])];
    await prisma.order.updateMany({
      where: { id: orderIds[0] },
      data: { discountCodeId: saved.id, discountCode: "BOISHAKH", discountPaisa: 12_500, totalPaisa: 93_500 },
    });
    await prisma.order.updateMany({
      where: { id: orderIds[1] },
      data: { discountCodeId: saved.id, discountCode: "BOISHAKH", status: "cancelled" },
    });
    const { codes } = await runData(listLoader, get("/admin/discounts", jar));
    expect(codes.find((code) => code.code === "BOISHAKH")).toMatchObject({
      orders: 1,
      revenuePaisa: 93_500,
      discountPaisa: 12_500,
    });

    // Used: it cannot be deleted, only switched off.
    const refused = await run(listAction, post("/admin/discounts", { intent: "delete", id: saved.id }, jar));
    expect(refused).toSetToast({
      kind: "error",
      message: "Orders used this code, so it cannot be deleted: deactivate it instead.",
    });
    await run(listAction, post("/admin/discounts", { intent: "deactivate", id: saved.id }, jar));
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: saved.id } })).isActive).toBe(false);
  });

  it("deletes an unused code and refuses a code spelled like another", async () => {
    expect(
      await run(formAction, post("/admin/discounts/new", form({ code: "unused" }), jar), { id: "new" }),
    ).toRedirectTo("/admin/discounts");
    const taken = await run(formAction, post("/admin/discounts/new", form({ code: "UNUSED" }), jar), { id: "new" });
    expect(expectData(taken).fieldErrors).toEqual({ code: "Another code is spelled the same." });
    const code = await prisma.discountCode.findUniqueOrThrow({ where: { code: "UNUSED" } });
    await run(listAction, post("/admin/discounts", { intent: "delete", id: code.id }, jar));
    expect(await prisma.discountCode.count({ where: { code: "UNUSED" } })).toBe(0);
    expect(await prisma.auditEvent.count({ where: { action: "discount.deleted", summary: "UNUSED" } })).toBe(1);
  });

  it("shows the empty state's data: no codes", async () => {
    await prisma.discountCode.deleteMany({ where: { orders: { none: {} } } });
    const { codes } = await runData(listLoader, get("/admin/discounts", jar));
    expect(codes.every((code) => code.orders > 0 || code.usedCount > 0)).toBe(true);
  });
});
