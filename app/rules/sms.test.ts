import { describe, expect, it } from "vitest";
import { DEFAULT_SMS_TEMPLATES, ORDER_SMS_EVENTS, renderSms, smsParts, unknownPlaceholders } from "./sms";

describe("smsParts", () => {
  it("counts GSM 7-bit text as 160 in one SMS and 153 per part after", () => {
    expect(smsParts("a".repeat(160))).toEqual({ encoding: "GSM-7", characters: 160, parts: 1, perPart: 160 });
    expect(smsParts("a".repeat(161))).toEqual({ encoding: "GSM-7", characters: 161, parts: 2, perPart: 153 });
    expect(smsParts("a".repeat(306)).parts).toBe(2);
    expect(smsParts("a".repeat(307)).parts).toBe(3);
  });

  it("counts an extension character such as { or € as two", () => {
    expect(smsParts("{}").characters).toBe(4);
    expect(smsParts("€".repeat(80)).parts).toBe(1);
    expect(smsParts("€".repeat(81)).parts).toBe(2);
  });

  it("sends Bangla as UCS-2: 70 UTF-16 units in one SMS, 67 per part after", () => {
    expect(smsParts("অ".repeat(70))).toEqual({ encoding: "UCS-2", characters: 70, parts: 1, perPart: 70 });
    expect(smsParts("অ".repeat(71))).toEqual({ encoding: "UCS-2", characters: 71, parts: 2, perPart: 67 });
    // A vowel sign is its own unit: "নি" is two, as the phone counts it.
    expect(smsParts("নি").characters).toBe(2);
    // One Bangla letter makes a Latin text UCS-2.
    expect(smsParts(`${"a".repeat(69)}অ`).encoding).toBe("UCS-2");
  });
});

describe("templates", () => {
  it("refuses a placeholder the event does not know, and the courier's before a parcel can have one", () => {
    expect(unknownPlaceholders("order-placed", "Hi {name}, order {order_number} to {adress}")).toEqual(["adress"]);
    expect(unknownPlaceholders("order-placed", "{tracking_code} {tracking_code}")).toEqual(["tracking_code"]);
    expect(unknownPlaceholders("order-shipped", "{courier} {tracking_code}")).toEqual([]);
    expect(unknownPlaceholders("order-placed", "{}")).toEqual([""]);
  });

  it("every default text uses only its event's placeholders", () => {
    for (const event of ORDER_SMS_EVENTS) {
      expect(unknownPlaceholders(event, DEFAULT_SMS_TEMPLATES[event].en)).toEqual([]);
      expect(unknownPlaceholders(event, DEFAULT_SMS_TEMPLATES[event].bn)).toEqual([]);
    }
  });

  it("fills placeholders and leaves one without a value as it is", () => {
    expect(renderSms("{shop_name}: #{order_number} {nope}", { shop_name: "Alo", order_number: "42" })).toBe(
      "Alo: #42 {nope}",
    );
  });
});
