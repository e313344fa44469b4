import { describe, expect, it } from "vitest";
import { couriersMessages } from "./couriers";

describe("the courier page in Bangla", () => {
  it("never calls the key কী (which reads as 'what'), and labels the fields as Steadfast's portal does", () => {
    const withWhat = Object.entries(couriersMessages.bn).filter(([, text]) => /(^|[\s(])কী([\s\-।,:)]|$)/u.test(text));
    expect(withWhat).toEqual([]);
    expect(couriersMessages.bn["admin.courier.apiKey"]).toContain("API Key");
    expect(couriersMessages.bn["admin.courier.secretKey"]).toContain("Secret Key");
  });
});
