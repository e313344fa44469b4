/**
 * The shopper's views of an order, the tracking page and the confirmation page, name each line's
 * product with its variant label under it, from the order's snapshots, in the page's language
 * (English where no Bangla was recorded), and never show the SKU. Rendered with react-dom/server at
 * an English and a Bangla address: the text is read in the markup.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { AdvancePayment } from "~/components/advance-payment";
import { registerMessages } from "~/i18n";
import { bn } from "~/i18n/bn";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { en } from "~/i18n/en";
import { trackingMessages } from "~/i18n/tracking-messages";
import { OrderConfirmation } from "../_shop.order-success/order-confirmation";
import { TrackedOrderDetails } from "./tracked-order";

for (const lang of ["en", "bn"] as const) {
  registerMessages(lang, { en, bn }[lang]);
  registerMessages(lang, trackingMessages[lang]);
  registerMessages(lang, checkoutMessages[lang]);
}

const fan = {
  id: 1,
  productName: "Ceiling Fan",
  productNameBn: "সিলিং ফ্যান",
  variantLabel: "56″ / Brown",
  variantLabelBn: "৫৬″ / বাদামি",
  unitPricePaisa: 450_000,
  quantity: 1,
  subtotalPaisa: 450_000,
};
/** A line of a product without options and without a Bangla name. */
const lamp = { ...fan, id: 2, productName: "Jute Lamp", productNameBn: "", variantLabel: "", variantLabelBn: "" };
const order = {
  id: 42,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  customerName: "Karim",
  customerPhone: "01712345678",
  customerAddress: "House 1, Road 2",
  district: "Dhaka",
  area: "Mirpur",
  shippingMethod: "Inside Dhaka",
  shippingFeePaisa: 6_000,
  subtotalPaisa: 900_000,
  totalPaisa: 906_000,
  discountCode: null,
  discountReason: null,
  discountPaisa: 0,
  shippingDiscountPaisa: 0,
  status: "pending",
  items: [fan, lamp],
  statusChanges: [{ id: 1, toStatus: "pending", createdAt: new Date("2026-11-20T10:00:00Z") }],
  advancePaisa: 0,
  advanceStatus: null,
  advanceDueBy: null,
  advancePaidPaisa: 0,
  advanceRefundedPaisa: 0,
  payments: [],
  advanceLapsed: false,
};

/**
 * `element` rendered at `path` inside react-router-dom's static data router (the one Remix renders
 * with on the server), as markup.
 */
async function render(path: string, element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ path, element }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The text of each element marked `data-testid="<testId>"` in `markup` (tags removed). */
function texts(markup: string, testId: string): string[] {
  const pattern = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`, "g");
  return [...markup.matchAll(pattern)].map((match) => match[2]!.replace(/<[^>]+>/g, ""));
}

describe("the tracking page's lines", () => {
  it("name the product with its variant under it, in English on an English page", async () => {
    const markup = await render("/orders/track", <TrackedOrderDetails order={order} />);
    const lines = texts(markup, "track-item");
    expect(lines[0]).toMatch(/^Ceiling Fan56″ \/ Brown[^\d]/);
    expect(lines[1]).toMatch(/^Jute LampUnit price/);
    expect(texts(markup, "track-item-variant")).toEqual(["56″ / Brown"]);
  });

  it("in Bangla on a Bangla page, English where the order recorded no Bangla", async () => {
    const markup = await render("/bn/orders/track", <TrackedOrderDetails order={order} />);
    const lines = texts(markup, "track-item");
    expect(lines[0]).toMatch(/^সিলিং ফ্যান৫৬″ \/ বাদামি[^\d]/);
    expect(lines[1]).toMatch(/^Jute Lampএকক দাম/);
    expect(texts(markup, "track-item-variant")).toEqual(["৫৬″ / বাদামি"]);
  });
});

describe("the confirmation page's lines", () => {
  it("name the product with its variant under it, in the page's language", async () => {
    const english = await render("/order-success", <OrderConfirmation order={order} />);
    expect(texts(english, "success-item-variant")).toEqual(["56″ / Brown"]);
    expect(texts(english, "success-item")[0]).toMatch(/^Ceiling Fan56″ \/ Brown/);
    const bangla = await render("/bn/order-success", <OrderConfirmation order={order} />);
    expect(texts(bangla, "success-item-variant")).toEqual(["৫৬″ / বাদামি"]);
    const [first, second] = texts(bangla, "success-item");
    expect(first).toMatch(/^সিলিং ফ্যান৫৬″ \/ বাদামি[^\d]/);
    expect(second).toMatch(/^Jute Lampপরিমাণ/);
  });

  it("never show a SKU, even when the order has one", async () => {
    const withSku = { ...order, items: [{ ...fan, sku: "FAN-56-BR" }] };
    expect(await render("/order-success", <OrderConfirmation order={withSku} />)).not.toContain("FAN-56-BR");
    expect(await render("/bn/orders/track", <TrackedOrderDetails order={withSku} />)).not.toContain("FAN-56-BR");
  });
});

describe("the advance on the shopper's pages", () => {
  const due = {
    ...order,
    advancePaisa: 6_000,
    advanceStatus: "due",
    advanceDueBy: new Date("2026-11-20T12:00:00Z"),
  };
  const numbers = { bkash: "01811111111", nagad: "" };

  it("asks for an advance due, with the Send Money form", async () => {
    const markup = await render("/orders/track", <AdvancePayment order={due} numbers={numbers} />);
    expect(texts(markup, "advance-due")[0]).toContain("৳60.00");
    expect(markup).toContain('name="trxId"');
  });

  it("asks nothing of a cancelled order whose advance was still due", async () => {
    const markup = await render(
      "/orders/track",
      <AdvancePayment order={{ ...due, status: "cancelled" }} numbers={numbers} />,
    );
    expect(markup).toBe("");
  });
});
