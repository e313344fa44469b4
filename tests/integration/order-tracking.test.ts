/**
 * Order tracking (/orders/track) through its loader, against a real SQLite database: a matching
 * number and phone show the order; a wrong phone and an unknown number give the same answer; bad
 * input keeps what was typed; lookups are limited per address and per order number.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { headers as trackHeaders, loader as trackLoader } from "~/routes/_shop.orders.track/route";
import { serverTranslator } from "~/server/i18n.server";
import { createProduct, get, run } from "./helpers";

const t = serverTranslator("en");
const bnT = serverTranslator("bn");

let orderId: number;
let address = 0;

/** A lookup from its own client address (limits are per address), unless `from` is given. */
function lookup(query: string, from = `10.0.0.${++address}`) {
  return run(trackLoader, get(`/orders/track${query}`), {}, { clientAddress: from });
}

beforeEach(async () => {
  const lamp = await createProduct({ name: "Brass Table Lamp", pricePaisa: 250000 });
  const order = await prisma.order.create({
    data: {
      customerName: "Rahima Akter",
      customerEmail: "rahima@example.com",
      customerPhone: "01712345678",
      customerAddress: "House 4, Road 2",
      district: "Dhaka",
      area: "Mirpur 10",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 500000,
      totalPaisa: 506000,
      itemCount: 2,
      checkoutToken: `track-${Date.now()}-${Math.random()}`,
      items: {
        create: [
          {
            productId: lamp.id,
            productName: "Brass Table Lamp",
            unitPricePaisa: 250000,
            quantity: 2,
            subtotalPaisa: 500000,
          },
        ],
      },
      statusChanges: { create: [{ fromStatus: null, toStatus: "pending" }] },
    },
  });
  orderId = order.id;
  await prisma.orderStatusChange.create({ data: { orderId, fromStatus: "pending", toStatus: "shipped" } });
  await prisma.order.update({ where: { id: orderId }, data: { status: "shipped" } });
});

describe("/orders/track", () => {
  it("shows the empty form without a lookup", async () => {
    const outcome = await lookup("");
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ order: null, formError: null, typed: { order: "", phone: "" } });
  });

  it("shows the order, its items and its history for the right number and phone, as typed by a shopper", async () => {
    const outcome = await lookup(`?order=%23${orderId}&phone=${encodeURIComponent("+880 1712-345678")}`);
    expect(outcome.status).toBe(200);
    const order = outcome.data!.order!;
    expect(order).toMatchObject({ id: orderId, status: "shipped", customerName: "Rahima Akter", totalPaisa: 506000 });
    expect(order.items).toEqual([expect.objectContaining({ productName: "Brass Table Lamp", quantity: 2 })]);
    expect(order.statusChanges.map((entry) => entry.toStatus)).toEqual(["pending", "shipped"]);
    // Nothing the shareable page must not show.
    expect(order).not.toHaveProperty("customerPhone");
    expect(order).not.toHaveProperty("customerEmail");
    expect(order).not.toHaveProperty("customerAddress");
  });

  it("accepts the number and phone in Bengali digits", async () => {
    const bengali = String(orderId).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    const outcome = await lookup(`?order=${encodeURIComponent(bengali)}&phone=${encodeURIComponent("০১৭১২৩৪৫৬৭৮")}`);
    expect(outcome.data!.order?.id).toBe(orderId);
  });

  it("answers a wrong phone and an unknown number alike, keeping what was typed", async () => {
    const wrongPhone = await lookup(`?order=${orderId}&phone=01812345678`);
    const unknown = await lookup(`?order=${orderId + 1000}&phone=01712345678`);
    for (const outcome of [wrongPhone, unknown]) {
      expect(outcome.status).toBe(404);
      expect(outcome.data).toMatchObject({ order: null, formError: t("track.notFound") });
    }
    expect(wrongPhone.data!.typed).toEqual({ order: String(orderId), phone: "01812345678" });
  });

  it("says what is wrong with bad input, in the page's language", async () => {
    const outcome = await lookup("?order=abc&phone=12345");
    expect(outcome.status).toBe(400);
    expect(outcome.data!.fieldErrors).toEqual({ order: t("track.orderInvalid"), phone: t("checkout.phoneInvalid") });
    const bangla = await run(trackLoader, get("/bn/orders/track?order=&phone="), {}, { clientAddress: "10.9.9.9" });
    expect(bangla.data!.fieldErrors).toEqual({
      order: bnT("track.orderRequired"),
      phone: bnT("checkout.phoneRequired"),
    });
  });

  it("is never stored by a cache", () => {
    const headers = new Headers(trackHeaders({ loaderHeaders: new Headers() } as Parameters<typeof trackHeaders>[0]));
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("limits the lookups of one address, with Retry-After", async () => {
    const from = "10.1.1.1";
    for (let i = 0; i < 30; i++) expect((await lookup(`?order=${orderId}&phone=01712345678`, from)).status).toBe(200);
    const refused = await lookup(`?order=${orderId}&phone=01712345678`, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data!.formError).toMatch(/Too many lookups/);
  });

  it("stops guessing at one order's phone from many addresses, the right phone included", async () => {
    // 30 failures an hour from all addresses together: six addresses at five each.
    for (let i = 0; i < 30; i++) {
      const from = `10.2.${i % 6}.1`;
      expect((await lookup(`?order=${orderId}&phone=018123456${String(i).padStart(2, "0")}`, from)).status).toBe(404);
    }
    const refused = await lookup(`?order=${orderId}&phone=01712345678`);
    expect(refused.status).toBe(429);
    expect(refused.data!.order).toBeNull();
  });

  it("lets one address's wrong phones lock that address only: the shopper elsewhere still sees the order", async () => {
    const guesser = "10.3.3.3";
    for (let i = 0; i < 10; i++) {
      const answer = await lookup(`?order=${orderId}&phone=0181234567${i}`, guesser);
      expect(answer.status, `guess ${i + 1}`).toBe(i < 5 ? 404 : 429);
    }
    // The guesser, even with the right phone now, is refused: a right answer would end the guessing.
    const guessed = await lookup(`?order=${orderId}&phone=01712345678`, guesser);
    expect(guessed.status).toBe(429);
    expect(Number(guessed.headers.get("Retry-After"))).toBeGreaterThan(55 * 60);
    // The shopper, from another address, is not held up.
    const shopper = await lookup(`?order=${orderId}&phone=01712345678`, "10.4.4.4");
    expect(shopper.status).toBe(200);
    expect(shopper.data!.order).toMatchObject({ id: orderId });
  });

  it("checks at most 5 of 20 wrong lookups sent at once from one address, and at most 30 from many", async () => {
    const together = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        lookup(`?order=${orderId}&phone=018123456${String(i).padStart(2, "0")}`, "10.5.5.5"),
      ),
    );
    const statuses = together.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // Refused lookups from that address were not charged to the order: the shopper is not held up.
    expect((await lookup(`?order=${orderId}&phone=01712345678`, "10.5.5.6")).status).toBe(200);

    // Sixty at once from sixty addresses: the order's 30 an hour from all addresses hold too.
    const spread = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        lookup(`?order=${orderId}&phone=019123456${String(i).padStart(2, "0")}`, `10.6.${i}.1`),
      ),
    );
    expect(spread.filter((answer) => answer.status === 404)).toHaveLength(30 - 5);
    expect(spread.filter((answer) => answer.status === 429)).toHaveLength(35);
  });

  it("gives a matching lookup's charge back: the right phone never uses up an address's failures", async () => {
    const from = "10.7.7.7";
    for (let i = 0; i < 4; i++) expect((await lookup(`?order=${orderId}&phone=0181234567${i}`, from)).status).toBe(404);
    for (let i = 0; i < 10; i++) expect((await lookup(`?order=${orderId}&phone=01712345678`, from)).status).toBe(200);
    expect((await lookup(`?order=${orderId}&phone=01812345679`, from)).status).toBe(404);
    expect((await lookup(`?order=${orderId}&phone=01712345678`, from)).status).toBe(429);
  });

  it("counts an IPv6 guesser by its /64 network, however often it changes address within it", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await lookup(`?order=${orderId}&phone=0181234567${i}`, `2001:db8:7:1::${i + 1}`)).status).toBe(404);
    }
    expect((await lookup(`?order=${orderId}&phone=01712345678`, "2001:db8:7:1:abcd::9")).status).toBe(429);
    expect((await lookup(`?order=${orderId}&phone=01712345678`, "2001:db8:7:2::1")).status).toBe(200);
  });
});
