import { describe, expect, it } from "vitest";
import { previewSms, smsSampleValues, type SmsSampleShop } from "./sms-samples";
import { SMS_PLACEHOLDERS } from "./sms";

const shop: SmsSampleShop = {
  name: "Alo Lights",
  nameBn: "আলো লাইটস",
  phone: "01711-000111",
  origin: "https://alo.example",
};

describe("smsSampleValues", () => {
  it("fills every placeholder with an everyday order in English", () => {
    const values = smsSampleValues(shop, "en", "typical");
    expect(Object.keys(values).sort()).toEqual([...SMS_PLACEHOLDERS].sort());
    expect(values).toMatchObject({
      shop_name: "Alo Lights",
      shop_phone: "01711-000111",
      order_number: "12345",
      total: "Tk 1,250",
      cash: "Tk 1,250",
      tracking_link: "https://alo.example/orders/track?order=12345",
    });
  });

  it("writes a Bangla message's numbers in Bengali digits, with the Bangla name and the Bangla tracking page", () => {
    const values = smsSampleValues(shop, "bn", "typical");
    expect(values).toMatchObject({
      shop_name: "আলো লাইটস",
      shop_phone: "01711-000111",
      order_number: "১২৩৪৫",
      total: "৳১,২৫০",
      tracking_link: "https://alo.example/bn/orders/track?order=12345",
    });
  });

  it("uses the English name on a Bangla message when the shop has no Bangla name", () => {
    expect(smsSampleValues({ ...shop, nameBn: "" }, "bn", "typical").shop_name).toBe("Alo Lights");
  });

  it("makes every value of the long order at least as long as the typical one's", () => {
    for (const lang of ["en", "bn"] as const) {
      const typical = smsSampleValues(shop, lang, "typical");
      const long = smsSampleValues(shop, lang, "long");
      for (const name of SMS_PLACEHOLDERS) expect(long[name].length, name).toBeGreaterThanOrEqual(typical[name].length);
      expect(long.total).toBe(lang === "en" ? "Tk 12,34,567" : "৳১২,৩৪,৫৬৭");
    }
  });

  it("checks the length with the longest tracking link a shopper may get: Pathao's, with the phone", () => {
    // A short shop address: Pathao's page, naming the consignment and the phone, is longer.
    expect(smsSampleValues({ ...shop, origin: "https://alo.bd" }, "en", "long").tracking_link).toBe(
      "https://merchant.pathao.com/tracking?consignment_id=DL121224VS8TTJ&phone=01712345678",
    );
    const longAddress = { ...shop, origin: "https://alo-lights-and-decor-online-shop.example.com.bd" };
    expect(smsSampleValues(longAddress, "bn", "long").tracking_link).toBe(
      "https://alo-lights-and-decor-online-shop.example.com.bd/bn/orders/track?order=1234567",
    );
  });
});

describe("previewSms", () => {
  it("fills the text and counts it as the phone does", () => {
    const values = smsSampleValues(shop, "en", "typical");
    expect(previewSms("{shop_name}: order #{order_number}", values)).toEqual({
      text: "Alo Lights: order #12345",
      length: { encoding: "GSM-7", characters: 24, parts: 1, perPart: 160 },
    });
  });

  it("counts a Bangla text as Unicode, its values included", () => {
    const preview = previewSms("অর্ডার {order_number}", smsSampleValues(shop, "bn", "typical"));
    expect(preview.text).toBe("অর্ডার ১২৩৪৫");
    expect(preview.length).toMatchObject({ encoding: "UCS-2", characters: 12, parts: 1 });
  });
});
