import { describe, expect, it } from "vitest";
import { maskCheckoutCode, MAX_SMS_ATTEMPTS, nextSmsAttemptAt, orderSmsValues, type SmsOrder } from "./sms-order";

const order: SmsOrder = {
  id: 1234,
  customerName: "Rahima Akter",
  customerPhone: "01712345678",
  totalPaisa: 125_000,
  paymentStatus: "pending",
  advancePaidPaisa: 10_000,
  advanceRefundedPaisa: 0,
  courier: null,
  trackingCode: null,
};
const shop = { name: "Haat Lights", phone: "01700-000000" };

describe("orderSmsValues", () => {
  it("fills an English message with the shop's tracking page before the hand-off", () => {
    expect(orderSmsValues(order, "en", shop, { courierTrackingUrl: null, publicUrl: "https://shop.example" })).toEqual({
      shop_name: "Haat Lights",
      shop_phone: "01700-000000",
      name: "Rahima Akter",
      order_number: "1234",
      total: "Tk 1,250",
      cash: "Tk 1,150",
      tracking_link: "https://shop.example/orders/track?order=1234",
      courier: "",
      tracking_code: "",
    });
  });

  it("writes a Bangla message's numbers in Bengali digits, its tracking page under /bn", () => {
    const values = orderSmsValues(order, "bn", shop, { courierTrackingUrl: null, publicUrl: "https://shop.example" });
    expect(values.order_number).toBe("১২৩৪");
    expect(values.total).toBe("৳১,২৫০");
    expect(values.tracking_link).toBe("https://shop.example/bn/orders/track?order=1234");
  });

  it("links the courier's page once the parcel is with it, and names the courier and code", () => {
    const shipped = { ...order, courier: "steadfast", trackingCode: "B015BAE4", paymentStatus: "paid" };
    const values = orderSmsValues(shipped, "bn", shop, {
      courierTrackingUrl: "https://steadfast.com.bd/t/B015BAE4",
      publicUrl: "https://shop.example",
    });
    expect(values).toMatchObject({
      tracking_link: "https://steadfast.com.bd/t/B015BAE4",
      courier: "Steadfast",
      tracking_code: "B015BAE4",
      cash: "৳০",
    });
  });

  it("leaves the tracking link empty when the shop's address is not known", () => {
    expect(orderSmsValues(order, "en", shop, { courierTrackingUrl: null, publicUrl: undefined }).tracking_link).toBe(
      "",
    );
  });
});

describe("nextSmsAttemptAt", () => {
  it("backs off 1, 5, 15, 60 and 240 minutes, then gives up", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const waits = [1, 2, 3, 4, 5].map(
      (attempt) => (nextSmsAttemptAt(attempt, now)!.getTime() - now.getTime()) / 60_000,
    );
    expect(waits).toEqual([1, 5, 15, 60, 240]);
    expect(nextSmsAttemptAt(MAX_SMS_ATTEMPTS, now)).toBeNull();
  });
});

describe("maskCheckoutCode", () => {
  it("hides a code in ASCII or Bengali digits and leaves other numbers", () => {
    expect(maskCheckoutCode("482913 is your code. It expires in 5 minutes.")).toBe(
      "•••••• is your code. It expires in 5 minutes.",
    );
    expect(maskCheckoutCode("৪৮২৯১৩ আপনার কোড। ৫ মিনিটে")).toBe("•••••• আপনার কোড। ৫ মিনিটে");
  });
});
