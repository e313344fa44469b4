/**
 * The order page's line items, invoice and stock entries name each line's variant after its
 * product, from the order's snapshots, with the SKU in small text that browsers do not translate.
 * Rendered with react-dom/server: the text is read in the markup.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ProductStockHistory } from "~/components/admin/product-stock-history";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import type { Lang } from "~/i18n/lang";
import { buildInvoice } from "~/rules/invoice";
import { OrderInvoice } from "./order-invoice";
import { OrderItems } from "./order-items";
import { OrderStatusTimeline } from "./order-status-timeline";

const fan = {
  id: 1,
  productId: 5,
  productName: "Ceiling Fan",
  productNameBn: "সিলিং ফ্যান",
  variantLabel: "56″ / Brown",
  variantLabelBn: "৫৬″ / বাদামি",
  sku: "FAN-56-BR",
  unitPricePaisa: 450_000,
  quantity: 1,
  subtotalPaisa: 450_000,
};
const lamp = {
  ...fan,
  id: 2,
  productId: null,
  productName: "Lamp",
  productNameBn: "",
  variantLabel: "",
  variantLabelBn: "",
  sku: "",
};
const totals = {
  subtotalPaisa: 900_000,
  shippingFeePaisa: 6_000,
  totalPaisa: 906_000,
  discountCode: null,
  discountReason: null,
  discountPaisa: 0,
  shippingDiscountPaisa: 0,
};
/** A stock ledger entry of the fan's variant, named in both languages. */
const entry = {
  id: 3,
  productName: "Ceiling Fan",
  productNameBn: "সিলিং ফ্যান",
  variantLabel: "56″ / Brown",
  variantLabelBn: "৫৬″ / বাদামি",
  change: -1,
  balance: 9,
  reason: "order-placed",
  changedByEmail: null,
  createdAt: new Date("2026-11-26T10:00:00Z"),
};

const render = (element: JSX.Element, lang: Lang = "en") =>
  renderToStaticMarkup(
    <AdminLangContext.Provider value={lang}>
      <StaticRouter location="/admin/orders/view/9">{element}</StaticRouter>
    </AdminLangContext.Provider>,
  );

describe("the order page's lines", () => {
  it("name the product and variant, with the SKU small and untranslated", () => {
    const markup = render(<OrderItems order={{ items: [fan, lamp], ...totals }} />);
    expect(markup).toMatch(
      /<a class="underline" translate="no"[^>]*href="\/products\/5">Ceiling Fan — 56″ \/ Brown<\/a>/,
    );
    expect(markup).toMatch(/<span[^>]*translate="no"[^>]*data-testid="order-item-sku">SKU FAN-56-BR<\/span>/);
    expect(markup).toContain('<span translate="no">Lamp</span>');
    expect(markup.match(/order-item-sku/g)).toHaveLength(1);
  });

  it("name them in Bangla for a staff member reading Bangla, in English where the order has no Bangla name", () => {
    const markup = render(<OrderItems order={{ items: [fan, lamp], ...totals }} />, "bn");
    expect(markup).toMatch(/href="\/products\/5">সিলিং ফ্যান — ৫৬″ \/ বাদামি<\/a>/);
    expect(markup).toContain('<span translate="no">Lamp</span>');
  });

  it("on the invoice, in the order's language", () => {
    const order = {
      id: 9,
      createdAt: null,
      customerName: "Karim",
      customerEmail: null,
      customerPhone: "01712345678",
      customerAddress: "House 1",
      district: null,
      area: null,
      shippingMethod: "Inside Dhaka",
      items: [fan],
      ...totals,
    };
    const seller = { name: "Haat", address: "Dhaka", email: "shop@haat.example", phone: "01700000000" };
    const english = render(<OrderInvoice invoice={buildInvoice(order, seller)} />);
    expect(english).toContain('<span translate="no">Ceiling Fan — 56″ / Brown</span>');
    expect(english).toMatch(/data-testid="invoice-line-sku">SKU FAN-56-BR<\/span>/);
    const bangla = render(<OrderInvoice invoice={buildInvoice(order, seller, "bn")} />);
    expect(bangla).toContain('<span translate="no">সিলিং ফ্যান — ৫৬″ / বাদামি</span>');
    expect(bangla).toMatch(/data-testid="invoice-line-sku">এসকেইউ FAN-56-BR<\/span>/);
  });

  it("and the stock ledger, on the order page and the product's page", () => {
    const timeline = render(
      <OrderStatusTimeline
        entries={[]}
        truncated={false}
        shown={100}
        stock={[entry, { ...entry, id: 4, variantLabel: "", variantLabelBn: "" }]}
      />,
    );
    expect(timeline).toContain("Ceiling Fan — 56″ / Brown: 1 unit out, 9 left");
    expect(timeline).toContain("Ceiling Fan: 1 unit out, 9 left");
    const history = render(
      <ProductStockHistory
        movements={[
          { ...entry, orderId: 12 },
          { ...entry, id: 4, orderId: null, variantLabel: "", variantLabelBn: "" },
        ]}
        total={2}
      />,
    );
    expect(history).toMatch(/data-testid="stock-history-variant">56″ \/ Brown<\/span>/);
    expect(history.match(/stock-history-variant/g)).toHaveLength(1);
    expect(history).toContain("1 unit out, 9 left");
  });

  it("and the stock ledger in Bangla, each name falling back to English where it has no Bangla one", () => {
    const timeline = render(
      <OrderStatusTimeline
        entries={[]}
        truncated={false}
        shown={100}
        stock={[entry, { ...entry, id: 4, productNameBn: "", variantLabelBn: "" }]}
      />,
      "bn",
    );
    expect(timeline).toContain("সিলিং ফ্যান — ৫৬″ / বাদামি");
    expect(timeline).toContain("Ceiling Fan — 56″ / Brown");
    const history = render(
      <ProductStockHistory
        movements={[
          { ...entry, orderId: 12 },
          { ...entry, id: 4, orderId: null, variantLabelBn: "" },
        ]}
        total={2}
      />,
      "bn",
    );
    expect(history).toMatch(/data-testid="stock-history-variant">৫৬″ \/ বাদামি<\/span>/);
    expect(history).toMatch(/data-testid="stock-history-variant">56″ \/ Brown<\/span>/);
  });
});
