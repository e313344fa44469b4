import { describe, expect, it } from "vitest";
import { courierTrackingUrl, pathaoTrackingUrl, steadfastTrackingUrl } from "./courier-tracking";

describe("courier tracking pages", () => {
  it("gives each courier's page, Pathao's with the recipient's phone when known", () => {
    expect(steadfastTrackingUrl("B015BAE4")).toBe("https://steadfast.com.bd/t/B015BAE4");
    expect(pathaoTrackingUrl("DL1", "01712345678")).toBe(
      "https://merchant.pathao.com/tracking?consignment_id=DL1&phone=01712345678",
    );
    expect(pathaoTrackingUrl("DL1")).toBe("https://merchant.pathao.com/tracking?consignment_id=DL1");
    expect(courierTrackingUrl("pathao", "DL1", "01712345678")).toBe(pathaoTrackingUrl("DL1", "01712345678"));
    expect(courierTrackingUrl("steadfast", "B0A/1", "01712345678")).toBe("https://steadfast.com.bd/t/B0A%2F1");
  });

  it("has no page without a tracking code or for a courier haat does not know", () => {
    expect(courierTrackingUrl("steadfast", null)).toBeNull();
    expect(courierTrackingUrl("redx", "R1")).toBeNull();
    expect(courierTrackingUrl(null, "R1")).toBeNull();
  });
});
