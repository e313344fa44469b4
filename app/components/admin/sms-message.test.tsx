import { describe, expect, it } from "vitest";
import { adminTranslator } from "~/i18n/admin";
import { smsFailureReason } from "./sms-message";

describe("smsFailureReason", () => {
  it("says the sender's own reasons in the reader's language, with the reader's digits", () => {
    expect(smsFailureReason("sender:interrupted", adminTranslator("bn"))).toBe(
      "পাঠানোর মাঝে থেমে গেছে: ফোনে পৌঁছেছে কি না জানা নেই",
    );
    expect(smsFailureReason("sender:too-long:7", adminTranslator("bn"))).toBe("অনেক লম্বা: ৭টি এসএমএস, সর্বোচ্চ ৬টি");
    expect(smsFailureReason("sender:too-long:7", adminTranslator("en"))).toBe("too long: 7 SMS, at most 6");
  });

  it("keeps a gateway's own words as it gave them", () => {
    expect(smsFailureReason("Balance Insufficient (BulkSMSBD code 1007)", adminTranslator("bn"))).toBe(
      "Balance Insufficient (BulkSMSBD code 1007)",
    );
  });
});
