/**
 * Orders staff take (docs/decisions/063-staff-orders.md) on PostgreSQL, where two app nodes place
 * orders at the same time (run by `npm run test:postgresql` only, after `npm run build`): what
 * differs from SQLite is concurrency only (SQLite has one writer; PostgreSQL's transactions run
 * side by side, and the placement locks the phone's limit and finds a draft placed once):
 * - a draft placed from two nodes at once makes one order, and both answers land on it;
 * - staff orders for one phone sent to both nodes at once stop at the shop's per-phone limit.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { saveDraft } from "~/models/orders/draft-order.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { createAdmin, createProduct, signedInJar } from "../integration/helpers";
import { startServerProcess, type ServerProcess } from "../support/server-process";

let nodes: ServerProcess[] = [];
let cookie = "";
let staff: { id: number; email: string };
/** The shop's orders per phone in 24 hours while these tests run. */
const PER_PHONE = 2;

beforeAll(async () => {
  const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...input } = await getShopSettings();
  await saveShopSettings({ ...input, phoneOrderLimit: PER_PHONE, addressOrderLimit: 0 });
  const admin = await createAdmin();
  await prisma.adminUser.update({ where: { id: admin.id }, data: { role: "staff" } });
  staff = { id: admin.id, email: admin.email };
  cookie = (await signedInJar(admin.id)).header();
  nodes = await Promise.all([startServerProcess(), startServerProcess()]);
}, 60_000);

afterAll(async () => {
  for (const node of nodes) node.child.kill("SIGKILL");
  await Promise.all(nodes.map((node) => node.exited));
});

/** Posts the staff order form ("Place order") for one unit of `variantId` to `origin`; resolves with the status and Location. */
async function place(origin: string, variantId: number, phone: string, extra: Record<string, string>) {
  const response = await fetch(`${origin}/admin/orders/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "place",
      line: String(variantId),
      [`quantity-${variantId}`]: "1",
      phone,
      name: "Node Shopper",
      address: "House 2, Road 5",
      area: "Uttara",
      district: "Dhaka",
      language: "bn",
      source: "phone",
      ...extra,
    }),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("Location") };
}

describe("staff orders on two PostgreSQL nodes", () => {
  it("places a draft sent to both nodes at once as one order, both answers on it", async () => {
    const lamp = await createProduct({ name: "PG Draft Lamp", pricePaisa: 30_000, stockQuantity: 10 });
    for (let round = 0; round < 5; round++) {
      const phone = `0151${String(1_000_000 + round).padStart(7, "0")}`;
      const draftId = await saveDraft(
        null,
        {
          customerName: "Node Shopper",
          customerPhone: phone,
          customerEmail: "",
          customerAddress: "House 2, Road 5",
          area: "Uttara",
          district: "Dhaka",
          language: "bn",
          source: "phone",
          shippingFeePaisa: null,
          discountPaisa: 0,
          discountReason: "",
          note: "",
        },
        [{ variantId: lamp.variantId, quantity: 1 }],
        staff,
      );
      const answers = await Promise.all(
        nodes.map((node) =>
          place(node.origin, lamp.variantId, phone, { draftId: String(draftId), checkoutToken: `draft-${draftId}` }),
        ),
      );
      const orders = await prisma.order.findMany({ where: { customerPhone: phone }, select: { id: true } });
      expect(orders).toHaveLength(1);
      for (const answer of answers) {
        expect(answer).toEqual({ status: 302, location: `/admin/orders/view/${orders[0]!.id}` });
      }
      expect(await prisma.draftOrder.findUniqueOrThrow({ where: { id: draftId! } })).toMatchObject({
        orderId: orders[0]!.id,
      });
    }
    const left = await prisma.productVariant.findUniqueOrThrow({ where: { id: lamp.variantId } });
    expect(left.stockQuantity).toBe(5);
  });

  it("stops staff orders for one phone at the per-phone limit when both nodes place them at once", async () => {
    const lamp = await createProduct({ name: "PG Limit Lamp", pricePaisa: 30_000, stockQuantity: 100 });
    const phone = "01519000001";
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        place(nodes[n % 2]!.origin, lamp.variantId, phone, {
          checkoutToken: crypto.randomBytes(18).toString("base64url"),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(PER_PHONE);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(8 - PER_PHONE);
    expect(await prisma.order.count({ where: { customerPhone: phone } })).toBe(PER_PHONE);
    const left = await prisma.productVariant.findUniqueOrThrow({ where: { id: lamp.variantId } });
    expect(left.stockQuantity).toBe(100 - PER_PHONE);
  });
});
