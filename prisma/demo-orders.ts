/**
 * About a month of sample orders for the demo shop, so that a fresh install's dashboard chart,
 * orders list, phone history and duplicate warnings show something (prisma/seed.server.ts
 * `seedDemoOrders`). Generated, not random: the same products and the same `now` give the same
 * orders, from a small seeded generator, so tests and screenshots are repeatable.
 *
 * Every sample order's checkout token starts with DEMO_ORDER_TOKEN_PREFIX, so they can be told
 * apart from (and deleted before) real orders.
 *
 * Orders past processing went with a courier (Steadfast mostly, Pathao the rest), so that the
 * owner's reports (docs/decisions/068-reports.md) have parcels to count: delivered ones with the
 * day they arrived, those on the way, and returns, more of them far from Dhaka (RETURN_CHANCE).
 * The parcels come from a generator of their own, so the orders themselves stay as they were.
 *
 * Two courier payouts (`demoPayouts`) bring back the cash of most of the older delivered parcels,
 * so that the payouts page, the orders' "cash received" and the reports' cash have figures, while
 * a few parcels' cash stays out past the overdue days and shows in the overdue list.
 */
import { courierCollectsPaisa } from "~/rules/courier-parcel";
import { DISTRICTS, shippingMethodOf } from "~/rules/districts";
import type { PayoutCourier, PayoutLine } from "~/rules/payout-csv";
import { orderTotals } from "~/rules/pricing";
import type { DeliveryFees } from "~/rules/shipping";
import type { OrderStatus } from "~/rules/order-status";

/** The checkout token prefix of sample orders. */
export const DEMO_ORDER_TOKEN_PREFIX = "demo-order-";

/** How many days back the sample orders go. */
const DAYS = 30;

/** The phone that orders again and again (its history and a likely duplicate show on its orders). */
export const DEMO_REPEAT_PHONE = "01712000777";

/** A product the sample orders may contain; prices in paisa. */
export type DemoOrderProduct = { id: number; name: string; pricePaisa: number; discountedPricePaisa: number | null };

/** One sample order, ready to write; money in paisa. */
export type DemoOrder = {
  createdAt: Date;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  area: string;
  district: string;
  shippingMethod: string;
  shippingFeePaisa: number;
  subtotalPaisa: number;
  totalPaisa: number;
  itemCount: number;
  status: OrderStatus;
  /** Whether staff confirmed it by phone (orders past pending mostly were). */
  confirmed: boolean;
  /**
   * The parcel: its courier ("steadfast" or "pathao"; null: not sent), consignment and tracking
   * code, where it is (with-courier, delivered or returned: a returned parcel's order is
   * cancelled), when it was handed over, and when it arrived (delivered ones).
   */
  courier: string | null;
  consignmentId: string | null;
  trackingCode: string | null;
  deliveryState: string | null;
  sentToCourierAt: Date | null;
  deliveredAt: Date | null;
  checkoutToken: string;
  items: { productId: number; productName: string; unitPricePaisa: number; quantity: number; subtotalPaisa: number }[];
};

const FIRST_NAMES = ["Rahima", "Karim", "Nusrat", "Tanvir", "Farhana", "Sabbir", "Mitu", "Arif", "Sharmin", "Rafiq"];
const LAST_NAMES = ["Akter", "Uddin", "Jahan", "Hossain", "Begum", "Rahman", "Islam", "Chowdhury", "Khatun", "Ahmed"];
const AREAS: Record<string, string[]> = {
  Dhaka: ["Mirpur 10", "Dhanmondi", "Uttara Sector 7", "Mohammadpur", "Badda", "Banani"],
  Chattogram: ["Agrabad", "Nasirabad", "Halishahar"],
  Gazipur: ["Tongi", "Board Bazar"],
  Sylhet: ["Zindabazar", "Amberkhana"],
  Khulna: ["Sonadanga", "Khalishpur"],
  Rajshahi: ["Shaheb Bazar", "Uposhohor"],
};
/** Most orders come from Dhaka; the rest from the big cities, and a few from anywhere. */
const DISTRICT_WEIGHTS: [string, number][] = [
  ["Dhaka", 50],
  ["Chattogram", 12],
  ["Gazipur", 10],
  ["Sylhet", 6],
  ["Khulna", 5],
  ["Rajshahi", 5],
];

/**
 * The chance that a parcel to a district comes back (refused or never collected): low in Dhaka,
 * higher in the other big cities, highest elsewhere, as couriers' figures for Bangladesh show.
 */
const RETURN_CHANCE: Record<string, number> = { Dhaka: 0.08, Gazipur: 0.12, Chattogram: 0.14 };
const RETURN_CHANCE_ELSEWHERE = 0.22;

/** A small deterministic generator (mulberry32): the same seed gives the same sequence in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The sample orders, oldest first: 2 to 6 a day over the last 30 days before `now`, 1 to 3 lines
 * of 1 or 2 units each, from the demo districts (half from Dhaka), priced with `fees` as checkout
 * would. Older orders are mostly delivered, some cancelled; the last days' are pending or
 * processing. Four come from DEMO_REPEAT_PHONE: one delivered and one cancelled long ago, and two
 * with the same product an hour apart yesterday (a likely duplicate).
 *
 * @throws when `products` is empty.
 */
export function demoOrders(products: readonly DemoOrderProduct[], fees: DeliveryFees, now: Date): DemoOrder[] {
  if (products.length === 0) throw new Error("The sample orders need products.");
  const random = generator(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weighted = (): string => {
    const total = DISTRICT_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0) + 12;
    let roll = random() * total;
    for (const [name, weight] of DISTRICT_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return pick(DISTRICTS).name;
  };
  const statusFor = (ageDays: number): OrderStatus => {
    const roll = random();
    if (ageDays < 2) return roll < 0.6 ? "pending" : "processing";
    if (ageDays < 5)
      return roll < 0.2 ? "processing" : roll < 0.75 ? "shipped" : roll < 0.9 ? "delivered" : "cancelled";
    return roll < 0.82 ? "delivered" : roll < 0.94 ? "cancelled" : "shipped";
  };

  const orders: DemoOrder[] = [];
  const make = (
    createdAt: Date,
    status: OrderStatus,
    lines: { product: DemoOrderProduct; quantity: number }[],
    who: { name: string; phone: string; district: string; area: string; address: string },
  ) => {
    const items = lines.map(({ product, quantity }) => {
      const unit =
        product.discountedPricePaisa !== null && product.discountedPricePaisa < product.pricePaisa
          ? product.discountedPricePaisa
          : product.pricePaisa;
      return {
        productId: product.id,
        productName: product.name,
        unitPricePaisa: unit,
        quantity,
        subtotalPaisa: unit * quantity,
      };
    });
    const subtotalPaisa = items.reduce((sum, item) => sum + item.subtotalPaisa, 0);
    const shippingMethod = shippingMethodOf(who.district);
    if (!shippingMethod) throw new Error(`Not a district: ${who.district}`);
    const totals = orderTotals(subtotalPaisa, shippingMethod, fees);
    const parcel = parcelFor(createdAt, status, who, orders.length + 1);
    orders.push({
      createdAt,
      customerName: who.name,
      customerPhone: who.phone,
      customerAddress: who.address,
      area: who.area,
      district: who.district,
      shippingMethod,
      shippingFeePaisa: totals.shippingFeePaisa,
      subtotalPaisa,
      totalPaisa: totals.totalPaisa,
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      ...parcel,
      confirmed: status !== "pending" && status !== "cancelled" ? random() < 0.9 : false,
      checkoutToken: `${DEMO_ORDER_TOKEN_PREFIX}${orders.length + 1}`,
      items,
    });
  };
  // The parcels' own generator: the orders above draw the same numbers as before parcels existed.
  const courierRandom = generator(20261129);
  const hour = 60 * 60 * 1000;
  const parcelFor = (
    createdAt: Date,
    status: OrderStatus,
    who: { phone: string; district: string },
    number: number,
  ) => {
    const none = { status, courier: null, consignmentId: null, trackingCode: null, deliveryState: null };
    const roll = courierRandom();
    const courier = courierRandom() < 0.65 ? "steadfast" : "pathao";
    const sent = { courier, consignmentId: `${9_100_000 + number}`, trackingCode: `DEMO${9_100_000 + number}` };
    const sentToCourierAt = new Date(Math.min(now.getTime(), createdAt.getTime() + 20 * hour));
    const arrived = new Date(Math.min(now.getTime(), createdAt.getTime() + (44 + roll * 50) * hour));
    if (status === "shipped") {
      return { ...none, ...sent, deliveryState: "with-courier", sentToCourierAt, deliveredAt: null };
    }
    if (status !== "delivered") return { ...none, sentToCourierAt: null, deliveredAt: null };
    // A delivered order's parcel may have come back instead: the courier's return cancels the order.
    // The regular's parcels arrive, so that their history stays as told below.
    if (who.phone !== DEMO_REPEAT_PHONE && roll < (RETURN_CHANCE[who.district] ?? RETURN_CHANCE_ELSEWHERE)) {
      return { ...sent, status: "cancelled" as const, deliveryState: "returned", sentToCourierAt, deliveredAt: null };
    }
    return { ...none, ...sent, deliveryState: "delivered", sentToCourierAt, deliveredAt: arrived };
  };
  const shopper = () => {
    const district = weighted();
    return {
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      phone: `01${pick(["3", "5", "6", "7", "8", "9"])}${String(Math.floor(random() * 1e8)).padStart(8, "0")}`,
      district,
      area: pick(AREAS[district] ?? ["Sadar"]),
      address: `House ${1 + Math.floor(random() * 120)}, Road ${1 + Math.floor(random() * 30)}`,
    };
  };
  const lines = () => {
    const count = random() < 0.6 ? 1 : random() < 0.75 ? 2 : 3;
    const chosen = new Set<DemoOrderProduct>();
    while (chosen.size < Math.min(count, products.length)) chosen.add(pick(products));
    return [...chosen].map((product) => ({ product, quantity: random() < 0.8 ? 1 : 2 }));
  };

  const day = 24 * 60 * 60 * 1000;
  for (let ageDays = DAYS - 1; ageDays >= 0; ageDays--) {
    const perDay = 2 + Math.floor(random() * 5);
    for (let i = 0; i < perDay; i++) {
      // Between 9:00 and 23:00 Dhaka time (03:00–17:00 UTC), never after `now`.
      const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ageDays * day;
      const at = new Date(Math.min(now.getTime() - 60_000, start + (3 + random() * 14) * 60 * 60 * 1000));
      make(at, statusFor((now.getTime() - at.getTime()) / day), lines(), shopper());
    }
  }

  // The repeat phone: a history, then a likely duplicate.
  const regular = {
    name: "Shapla Khatun",
    phone: DEMO_REPEAT_PHONE,
    district: "Dhaka",
    area: "Mirpur 10",
    address: "House 7, Road 3",
  };
  const favourite = products[0]!;
  make(new Date(now.getTime() - 25 * day), "delivered", [{ product: favourite, quantity: 1 }], regular);
  make(new Date(now.getTime() - 18 * day), "cancelled", [{ product: products[1] ?? favourite, quantity: 1 }], regular);
  make(new Date(now.getTime() - day - 60 * 60 * 1000), "pending", [{ product: favourite, quantity: 2 }], regular);
  make(new Date(now.getTime() - day), "pending", [{ product: favourite, quantity: 2 }], regular);

  return orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** What a sample payout reads of a sample order's parcel (as demoOrders made it, or as stored). */
type DemoParcel = Pick<
  DemoOrder,
  "courier" | "consignmentId" | "deliveryState" | "deliveredAt" | "sentToCourierAt" | "totalPaisa" | "shippingMethod"
>;

/** A sample courier payout, as app/models/payouts/payouts.server.ts `recordPayout` takes it. */
export type DemoPayout = {
  courier: PayoutCourier;
  reference: string;
  paidAt: Date;
  source: "api" | "csv";
  lines: PayoutLine[];
};

/**
 * The sample payouts of `orders` (demoOrders' parcels, oldest first; `now` as given to it), each
 * line naming a parcel by its consignment id:
 * - Steadfast's, read from its API, paid 3 days before `now`: the cash of its parcels delivered at
 *   least 8 days before `now`, but every fourth of them, and the charge of its oldest returned
 *   parcel (nothing collected, the delivery charge deducted: a negative line);
 * - Pathao's, an imported payment invoice, paid 2 days before `now`: the cash of its parcels
 *   delivered at least 5 days before `now`, but every fourth of them.
 * Of the parcels left out, those delivered more than a week before `now` are overdue with the
 * shop's default of 7 days; the others are still awaited. Each line collected what the order asked
 * (`courierCollectsPaisa`: the orders are cash on delivery, no advance), less the courier's
 * delivery charge (৳60 in Dhaka, else ৳120 for Steadfast and ৳110 for Pathao) and a cash-on-delivery
 * fee of 1%, in paisa. No randomness: the same orders give the same payouts. A courier without
 * lines has no payout.
 */
export function demoPayouts(orders: readonly DemoParcel[], now: Date): DemoPayout[] {
  const day = 24 * 60 * 60 * 1000;
  const charge = (order: DemoParcel, courier: PayoutCourier) =>
    order.shippingMethod === "Inside Dhaka" ? 6000 : courier === "steadfast" ? 12000 : 11000;
  const cashLine = (order: DemoParcel, courier: PayoutCourier, row: number): PayoutLine => {
    const collectedPaisa = courierCollectsPaisa(
      { totalPaisa: order.totalPaisa, paymentStatus: "pending", advancePaidPaisa: 0, advanceRefundedPaisa: 0 },
      courier,
    );
    const deliveryChargePaisa = charge(order, courier);
    const codFeePaisa = Math.round(collectedPaisa / 100);
    return {
      row,
      consignmentId: order.consignmentId!,
      invoice: null,
      collectedPaisa,
      deliveryChargePaisa,
      codFeePaisa,
      paidPaisa: collectedPaisa - deliveryChargePaisa - codFeePaisa,
    };
  };
  /** The courier's parcels delivered at least `days` days before `now`, all but every fourth. */
  const paidParcels = (courier: PayoutCourier, days: number) =>
    orders
      .filter(
        (order) =>
          order.courier === courier &&
          order.deliveryState === "delivered" &&
          order.deliveredAt !== null &&
          order.deliveredAt.getTime() <= now.getTime() - days * day,
      )
      .filter((_, index) => index % 4 !== 3);

  const steadfastPaidAt = new Date(now.getTime() - 3 * day);
  const steadfast = paidParcels("steadfast", 8).map((order, index) => cashLine(order, "steadfast", index + 1));
  const returned = orders.find(
    (order) =>
      order.courier === "steadfast" &&
      order.deliveryState === "returned" &&
      order.sentToCourierAt !== null &&
      order.sentToCourierAt.getTime() < steadfastPaidAt.getTime(),
  );
  if (returned) {
    const deliveryChargePaisa = charge(returned, "steadfast");
    steadfast.push({
      row: steadfast.length + 1,
      consignmentId: returned.consignmentId!,
      invoice: null,
      collectedPaisa: 0,
      deliveryChargePaisa,
      codFeePaisa: 0,
      paidPaisa: -deliveryChargePaisa,
    });
  }
  const pathao = paidParcels("pathao", 5).map((order, index) => cashLine(order, "pathao", index + 1));
  const payouts: DemoPayout[] = [
    { courier: "steadfast", reference: "DEMO-1001", paidAt: steadfastPaidAt, source: "api", lines: steadfast },
    {
      courier: "pathao",
      reference: "DEMO-INV-2001",
      paidAt: new Date(now.getTime() - 2 * day),
      source: "csv",
      lines: pathao,
    },
  ];
  return payouts.filter((payout) => payout.lines.length > 0);
}
