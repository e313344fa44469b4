import { describe, expect, it } from "vitest";
import { formatShopDateTime } from "~/i18n/format-date";
import { buildInvoice, deliveryAddress, type InvoiceOrder } from "./invoice";
import { localLineItemName } from "./variants";

const seller = { name: "Haat", address: "Gulistan, Dhaka", email: "shop@haat.example", phone: "+880 1700-000000" };
const order: InvoiceOrder = {
  id: 42,
  createdAt: new Date("2026-11-21T18:30:00Z"),
  customerName: "রহিম উদ্দিন",
  customerEmail: null,
  customerPhone: "01712345678",
  customerAddress: "বাড়ি ১২, ধানমন্ডি, ঢাকা",
  district: null,
  area: null,
  shippingMethod: "Outside Dhaka",
  shippingFeePaisa: 12000,
  subtotalPaisa: 123456,
  totalPaisa: 135456,
  items: [
    { productName: "Lamp", quantity: 2, unitPricePaisa: 50000, subtotalPaisa: 100000 },
    { productName: "বাল্ব", quantity: 1, unitPricePaisa: 23456, subtotalPaisa: 23456 },
  ],
};

describe("buildInvoice", () => {
  it("gives the spec's invoice fields as display text, money with ৳", () => {
    const view = buildInvoice(order, seller);
    expect(view.seller).toEqual({ ...seller, tradeLicence: "", bin: "", logo: null });
    expect(view.orderId).toBe(42);
    expect(view.orderLabel).toBe("Order #42");
    expect(view.customer).toEqual({
      name: "রহিম উদ্দিন",
      email: "Not given",
      phone: "01712345678",
      address: "বাড়ি ১২, ধানমন্ডি, ঢাকা",
    });
    expect(view.lines).toEqual([
      { product: "Lamp", sku: "", quantity: "2", price: "৳500.00", subtotal: "৳1,000.00" },
      { product: "বাল্ব", sku: "", quantity: "1", price: "৳234.56", subtotal: "৳234.56" },
    ]);
    expect([view.totalAmount, view.shippingCharge, view.totalInclShipping]).toEqual([
      "৳1,234.56",
      "৳120.00",
      "৳1,354.56",
    ]);
  });

  it("shows a campaign code's saving between the shipping charge and the total, in the invoice's language", () => {
    expect(buildInvoice(order, seller).savings).toEqual([]);
    const discounted = {
      ...order,
      discountCode: "EID10",
      discountPaisa: 12_345,
      shippingDiscountPaisa: 12_000,
      shippingFeePaisa: 0,
      totalPaisa: 111_111,
    };
    const view = buildInvoice(discounted, seller);
    expect(view.shippingCharge).toBe("৳120.00");
    expect(view.savings).toEqual([
      { label: "Discount (EID10)", amount: "−৳123.45" },
      { label: "Delivery charge waived (EID10)", amount: "−৳120.00" },
    ]);
    expect(view.totalInclShipping).toBe("৳1,111.11");
    expect(buildInvoice(discounted, seller, "bn").savings[0]).toEqual({ label: "ছাড় (EID10)", amount: "−৳১২৩.৪৫" });
  });

  it("shows the order date in Dhaka time (UTC+6), or N/A without one", () => {
    // 18:30 UTC is 00:30 the next day in Dhaka.
    expect(buildInvoice(order, seller).orderDate).toEqual({
      text: "22 Nov 2026, 12:30 AM",
      iso: "2026-11-21T18:30:00.000Z",
    });
    expect(buildInvoice({ ...order, createdAt: null }, seller).orderDate).toEqual({ text: "N/A", iso: null });
    expect(formatShopDateTime(new Date("2026-01-01T06:05:00Z"))).toBe("1 Jan 2026, 12:05 PM");
  });
});

describe("an invoice line's name", () => {
  const fan = {
    productName: "Ceiling Fan",
    productNameBn: "সিলিং ফ্যান",
    variantLabel: "56″ / Brown",
    variantLabelBn: "৫৬″ / বাদামি",
    sku: "FAN-56-BR",
    quantity: 1,
    unitPricePaisa: 450000,
    subtotalPaisa: 450000,
  };
  const variantOrder = { ...order, items: [fan] };

  it("names the variant after the product, with its SKU, from the order's snapshots", () => {
    expect(buildInvoice(variantOrder, seller).lines[0]).toMatchObject({
      product: "Ceiling Fan — 56″ / Brown",
      sku: "FAN-56-BR",
    });
  });

  it("is in Bangla on a Bangla invoice, each part falling back to English when its Bangla is blank", () => {
    expect(buildInvoice(variantOrder, seller, "bn").lines[0]!.product).toBe("সিলিং ফ্যান — ৫৬″ / বাদামি");
    expect(localLineItemName({ ...fan, variantLabelBn: "" }, "bn")).toBe("সিলিং ফ্যান — 56″ / Brown");
    expect(localLineItemName({ ...fan, productNameBn: " " }, "bn")).toBe("Ceiling Fan — ৫৬″ / বাদামি");
    expect(localLineItemName({ productName: "Lamp", productNameBn: "বাতি", variantLabel: "" }, "bn")).toBe("বাতি");
  });
});

describe("deliveryAddress", () => {
  it("puts 'area, district' on a line under the street address", () => {
    const placed = { customerAddress: "বাড়ি ১২, রোড ৫", area: "মিরপুর ১০", district: "Dhaka" };
    expect(deliveryAddress(placed)).toBe("বাড়ি ১২, রোড ৫\nমিরপুর ১০, Dhaka");
    expect(buildInvoice({ ...order, ...placed }, seller).customer.address).toBe("বাড়ি ১২, রোড ৫\nমিরপুর ১০, Dhaka");
  });
  it("is the street address alone for an order placed before districts and areas were asked", () => {
    expect(deliveryAddress({ customerAddress: "Flat 3B, Green Road", area: null, district: null })).toBe(
      "Flat 3B, Green Road",
    );
    expect(deliveryAddress({ customerAddress: "Flat 3B", area: " ", district: "Sylhet" })).toBe("Flat 3B\nSylhet");
  });
});
