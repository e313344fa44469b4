/**
 * The admin orders list: filter by status, search by id (123 or #123), phone digits or name,
 * pagination keeping the filters, and the empty states.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/admin.orders._index/route";
import { orderSearchWhere } from "~/models/orders/order-reads.server";
import { prisma } from "~/models/db/client.server";
import { ADMIN_PAGE_SIZE } from "~/rules/pagination";
import { createAdmin, get, run, runData, signedInJar, type CookieJar } from "./helpers";

let jar: CookieJar;
const ids: Record<string, number> = {};

async function order(
  key: string,
  fields: { name: string; phone: string; status?: string; items?: number; source?: string },
) {
  const created = await prisma.order.create({
    data: {
      customerName: fields.name,
      customerPhone: fields.phone,
      customerAddress: "Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 10000,
      totalPaisa: 16000,
      itemCount: fields.items ?? 0,
      status: fields.status ?? "pending",
      source: fields.source ?? "website",
      checkoutToken: `list-${key}-${Math.random()}`,
      items: {
        create: Array.from({ length: fields.items ?? 0 }, (_, i) => ({
          productName: `Item ${i + 1}`,
          unitPricePaisa: 100,
          quantity: 1,
          subtotalPaisa: 100,
        })),
      },
    },
  });
  ids[key] = created.id;
}

/** The orders list's data for `query` (e.g. "?status=shipped"), as the signed-in admin. */
function list(query: string) {
  return runData(loader, get(`/admin/orders${query}`, jar));
}

beforeAll(async () => {
  jar = await signedInJar((await createAdmin()).id);
  await order("rahim", { name: "রহিম উদ্দিন", phone: "01711111111", status: "shipped", items: 1 });
  await order("karim", {
    name: "Karim Hossain",
    phone: "01822222222",
    status: "pending",
    items: 25,
    source: "facebook",
  });
  await order("karima", { name: "KARIMA Begum", phone: "01933333333", status: "shipped", source: "facebook" });
  // Many cancelled orders for pagination.
  await prisma.order.createMany({
    data: Array.from({ length: ADMIN_PAGE_SIZE + 5 }, (_, i) => ({
      customerName: `Bulk ${i}`,
      customerPhone: "01544444444",
      customerAddress: "Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 0,
      totalPaisa: 6000,
      itemCount: 0,
      status: "cancelled",
      checkoutToken: `bulk-${i}`,
    })),
  });
});

describe("filters and search", () => {
  it("filters by status; an unknown status means all", async () => {
    const shipped = await list("?status=shipped");
    expect(shipped.orders.items.map((o) => o.id).sort()).toEqual([ids.rahim, ids.karima].sort());
    expect(shipped.filters.status).toBe("shipped");
    const all = await list("?status=lost");
    expect(all.filters.status).toBeUndefined();
    expect(all.orders.total).toBe(3 + ADMIN_PAGE_SIZE + 5);
  });

  it("filters by source, with the other filters; an unknown source means all", async () => {
    const facebook = await list("?source=facebook");
    expect(facebook.orders.items.map((o) => o.id).sort()).toEqual([ids.karim, ids.karima].sort());
    expect(facebook.orders.items.every((o) => o.source === "facebook")).toBe(true);
    expect(facebook.filters.source).toBe("facebook");
    const shipped = await list("?source=facebook&status=shipped&q=karim");
    expect(shipped.orders.items.map((o) => o.id)).toEqual([ids.karima]);
    expect((await list("?source=counter")).orders.total).toBe(0);
    const all = await list("?source=instagram");
    expect(all.filters.source).toBeUndefined();
    expect(all.orders.total).toBe(ADMIN_PAGE_SIZE + 5 + 3);
  });

  it("finds by id as 123 or #123, by phone digits (also with +88 and dashes), by name part", async () => {
    expect((await list(`?q=%23${ids.karim}`)).orders.items.map((o) => o.id)).toEqual([ids.karim]);
    expect((await list(`?q=${ids.karim}`)).orders.items.map((o) => o.id)).toContain(ids.karim);
    expect((await list("?q=22222")).orders.items.map((o) => o.id)).toEqual([ids.karim]);
    expect((await list("?q=%2B88+0182-2222222")).orders.items.map((o) => o.id)).toEqual([ids.karim]);
    expect((await list("?q=উদ্দিন")).orders.items.map((o) => o.id)).toEqual([ids.rahim]);
    // Digits typed in Bengali find the same orders.
    const bengali = (n: number | undefined) => String(n).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    expect((await list(`?q=${encodeURIComponent(`#${bengali(ids.karim)}`)}`)).orders.items.map((o) => o.id)).toEqual([
      ids.karim,
    ]);
    expect((await list(`?q=${encodeURIComponent("২২২২২")}`)).orders.items.map((o) => o.id)).toEqual([ids.karim]);
    // Case-insensitive for Latin letters: "karim" finds Karim and KARIMA.
    expect((await list("?q=karim")).orders.items.map((o) => o.id).sort()).toEqual([ids.karim, ids.karima].sort());
  });

  it("combines status and search", async () => {
    const data = await list("?status=shipped&q=karim");
    expect(data.orders.items.map((o) => o.id)).toEqual([ids.karima]);
    expect(data.filters).toEqual({ status: "shipped", q: "karim" });
  });

  it("a #id that is not an order, or too large for an id, matches nothing", async () => {
    expect((await list("?q=%2399999999999")).orders.total).toBe(0);
    expect((await list("?q=nobody-by-this-name")).orders.total).toBe(0);
    expect(orderSearchWhere("   ")).toEqual({});
  });

  it("pages the filtered list", async () => {
    const first = await list("?status=cancelled");
    expect(first.orders.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.orders.pageCount).toBe(2);
    const second = await list("?status=cancelled&page=2");
    expect(second.orders.items).toHaveLength(5);
    expect(second.orders.items.every((o) => o.status === "cancelled")).toBe(true);
    const bulk = await list("?q=Bulk&page=2");
    expect(bulk.orders.items).toHaveLength(5);
  });

  it("names at most 20 line items per order and counts them all", async () => {
    const [karim] = (await list(`?q=%23${ids.karim}`)).orders.items;
    expect(karim!.items).toHaveLength(20);
    expect(karim!._count.items).toBe(25);
  });

  it("refuses without a session", async () => {
    const outcome = await run(loader, get("/admin/orders?status=shipped"));
    expect(outcome).toRedirectTo(`/admin/login?redirectTo=${encodeURIComponent("/admin/orders?status=shipped")}`);
  });
});
