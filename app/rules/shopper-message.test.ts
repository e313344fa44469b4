import { describe, expect, it } from "vitest";
import { shopperMessage, type ShopperMessageOrder } from "./shopper-message";

const order: ShopperMessageOrder = {
  id: 42,
  customerName: "Rahim Uddin",
  status: "pending",
  totalPaisa: 456_000,
  paymentStatus: "pending",
  advanceStatus: null,
  advancePaisa: 0,
  advancePaidPaisa: 0,
  advanceRefundedPaisa: 0,
  items: [
    {
      productName: "Ceiling Fan",
      productNameBn: "সিলিং ফ্যান",
      variantLabel: "56″ / Brown",
      variantLabelBn: "৫৬″ / বাদামি",
      quantity: 2,
    },
    { productName: "Kettle", productNameBn: "", variantLabel: "", variantLabelBn: "", quantity: 1 },
  ],
};
const url = "https://shop.example/orders/track?order=42";

describe("shopperMessage", () => {
  it("writes the order number, items, cash to have ready and the link in English", () => {
    expect(shopperMessage(order, "en", url)).toBe(
      [
        "Hello Rahim Uddin,",
        "Thank you for your order #42.",
        "",
        "Items:",
        "- Ceiling Fan — 56″ / Brown × 2",
        "- Kettle × 1",
        "",
        "Cash to have ready on delivery: ৳4,560.00",
        "Follow your order: https://shop.example/orders/track?order=42",
      ].join("\n"),
    );
  });

  it("writes Bangla names where the order has them, and Bengali digits, in Bangla", () => {
    const text = shopperMessage(order, "bn", "https://shop.example/bn/orders/track?order=42");
    expect(text).toBe(
      [
        "প্রিয় Rahim Uddin,",
        "আপনার অর্ডার #৪২ এর জন্য ধন্যবাদ।",
        "",
        "পণ্য:",
        "- সিলিং ফ্যান — ৫৬″ / বাদামি × ২",
        "- Kettle × ১",
        "",
        "ডেলিভারির সময় নগদ রাখুন: ৳৪,৫৬০.০০",
        "আপনার অর্ডার দেখুন: https://shop.example/bn/orders/track?order=42",
      ].join("\n"),
    );
  });

  it("takes the advance kept off the cash, and says nothing is left once paid", () => {
    const kept = { ...order, advanceStatus: "paid", advancePaisa: 6000, advancePaidPaisa: 6000 };
    expect(shopperMessage(kept, "en", url)).toContain("Cash to have ready on delivery: ৳4,500.00");
    const paid = { ...order, paymentStatus: "paid" };
    expect(shopperMessage(paid, "en", url)).toContain("Already paid: nothing to pay on delivery.");
    expect(shopperMessage(paid, "bn", url)).toContain("মূল্য পরিশোধিত");
  });

  it("names an advance still due, and the cash left once it is paid", () => {
    const due = { ...order, advanceStatus: "due", advancePaisa: 10_000, advancePaidPaisa: 4000 };
    const text = shopperMessage(due, "en", url);
    expect(text).toContain("Advance still to pay before we send it: ৳60.00");
    expect(text).toContain("Then cash to have ready on delivery: ৳4,460.00");
    expect(shopperMessage(due, "bn", url)).toContain("পাঠানোর আগে অগ্রিম বাকি: ৳৬০.০০");
  });

  it("only says a cancelled order was cancelled, with the link", () => {
    const cancelled = { ...order, status: "cancelled", advanceStatus: "due", advancePaisa: 10_000 };
    expect(shopperMessage(cancelled, "en", url)).toBe(
      ["Hello Rahim Uddin,", "Your order #42 has been cancelled.", "", `Follow your order: ${url}`].join("\n"),
    );
    expect(shopperMessage(cancelled, "bn", url)).toContain("আপনার অর্ডার #৪২ বাতিল করা হয়েছে।");
  });
});
