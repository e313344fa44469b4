import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "~/i18n/admin";
import { ActivityActor, ActivitySummary } from "./activity-summary";

/** The summary's text as a Bangla-reading owner sees it, and the parts marked not to translate. */
function shown(action: string, summary: string) {
  const markup = renderToStaticMarkup(
    <ActivitySummary action={action} summary={summary} t={adminTranslator("bn")} lang="bn" />,
  );
  const text = markup.replace(/<[^>]+>/g, "");
  const raw = [...markup.matchAll(/<span translate="no">([^<]*)<\/span>/g)].map((match) => match[1]);
  return { text, raw };
}

describe("ActivitySummary", () => {
  it("shows stored codes and amounts in the reader's language", () => {
    expect(shown("order.status-changed", "processing")).toEqual({ text: " · প্রস্তুত হচ্ছে", raw: [] });
    expect(shown("order.edited", "411800").text).toBe(" · ৳৪,১১৮.০০");
    expect(shown("order.payment-changed", "paid").raw).toEqual([]);
    expect(shown("sms.message-resent", "order-shipped")).toEqual({ text: " · পাঠানো হয়েছে", raw: [] });
    expect(shown("sign-in.locked-out", "account").raw).toEqual([]);
    expect(shown("staff.added", "rafiq@shop.example (staff)")).toEqual({
      text: " · rafiq@shop.example (স্টাফ সদস্য)",
      raw: ["rafiq@shop.example"],
    });
  });

  it("words the payouts' overdue days in the reader's language and digits", () => {
    expect(shown("settings.payout-overdue-days", "10")).toEqual({
      text: " · ডেলিভারির ১০ দিন পরে টাকা বকেয়া",
      raw: [],
    });
  });

  it("words a recorded payout's courier and counts in the reader's language, its reference as a code", () => {
    expect(shown("payout.recorded", "steadfast SF-12: 3 matched, 1 unmatched, 0 duplicate")).toEqual({
      text: " · স্টেডফাস্ট SF-12: ৩টি মিলেছে, ১টি মেলেনি, ০টি আগেই পরিশোধিত",
      raw: [],
    });
    expect(shown("payout.recorded", "pathao INV-7: 0 matched, 0 unmatched, 0 duplicate, 2 charged again").text).toBe(
      " · পাঠাও INV-7: ০টি মিলেছে, ০টি মেলেনি, ০টি আগেই পরিশোধিত, ২টি ফেরত পার্সেলে আবার চার্জ",
    );
  });

  it("words a staff order's source in the reader's language, and shows an owner's override note as written", () => {
    expect(shown("order.created", "facebook")).toEqual({ text: " · ফেসবুক", raw: [] });
    expect(shown("order.created", "counter").text).toBe(" · দোকানের কাউন্টার");
    expect(shown("order.override", "Regular buyer")).toEqual({ text: " · Regular buyer", raw: ["Regular buyer"] });
  });

  it("words an SMS gateway's rows: its name, the key's end as a code, a test's phone in Bengali digits", () => {
    expect(shown("sms.gateway-saved", "bulksmsbd …0002").text).toBe(" · BulkSMSBD …0002");
    expect(shown("sms.gateway-removed", "http").text).toBe(" · অন্য গেটওয়ে (ওয়েব ঠিকানার ছাঁচ)");
    expect(shown("sms.test-sent", "01718448380: sent")).toEqual({
      text: " · ০১৭১৮৪৪৮৩৮০: গেটওয়েতে পৌঁছেছে",
      raw: ["০১৭১৮৪৪৮৩৮০"],
    });
    expect(shown("sms.test-sent", "01718448380: failed").text).toBe(" · ০১৭১৮৪৪৮৩৮০: গেটওয়ে নেয়নি বা উত্তর দেয়নি");
  });

  it("words the sign-in and account codes in the reader's language", () => {
    expect(shown("sign-in.failed", "invalid-credentials")).toEqual({ text: " · ভুল ইমেইল বা পাসওয়ার্ড", raw: [] });
    expect(shown("account.password-check-failed", "password-change").text).toBe(" · পাসওয়ার্ড বদলানোর সময়");
    // The same word elsewhere is a name, shown as stored.
    expect(shown("product.created", "code").raw).toEqual(["code"]);
  });

  it("shows a courier's tracking code or key's end as code beside the courier's name", () => {
    expect(shown("order.sent-to-courier", "Steadfast B015BAE4")).toEqual({
      text: " · Steadfast B015BAE4",
      raw: ["Steadfast"],
    });
    expect(shown("order.sent-to-courier", "Pathao DL000001TEST")).toEqual({
      text: " · Pathao DL000001TEST",
      raw: ["Pathao"],
    });
    expect(shown("order.courier-unanswered", "Pathao haat-12")).toEqual({ text: " · Pathao haat-12", raw: ["Pathao"] });
  });

  it("words Pathao's saved keys and pickup store in the reader's language, the store in its digits", () => {
    expect(shown("courier.keys-saved", "Pathao …t-id, store 7001")).toEqual({
      text: " · Pathao …t-id, পিকআপ স্টোর ৭০০১",
      raw: ["Pathao"],
    });
    expect(shown("courier.keys-saved", "Pathao, store 7001")).toEqual({
      text: " · Pathao, পিকআপ স্টোর ৭০০১",
      raw: ["Pathao"],
    });
  });

  it("shows a campaign code as code, never as words to translate", () => {
    const markup = renderToStaticMarkup(
      <ActivitySummary action="discount.created" summary="EID10" t={adminTranslator("bn")} lang="bn" />,
    );
    expect(markup).toContain('<code translate="no">EID10</code>');
  });

  it("words bKash rows and the advance rule in the reader's language, with transaction ids and key ends as code", () => {
    expect(shown("payment.bkash-completed", "bKash TRXBUJU6R ৳60.00").text).toBe(" · বিকাশ TRXBUJU6R ৳৬০.০০");
    expect(shown("payment.bkash-refunded", "bKash RFDBUJU6S ৳60.00").text).toBe(" · বিকাশ RFDBUJU6S ৳৬০.০০");
    expect(shown("payments.keys-saved", "bKash …1234 (sandbox)").text).toBe(" · বিকাশ …1234 (স্যান্ডবক্স)");
    expect(shown("payments.keys-removed", "bKash").text).toBe(" · বিকাশ");
    expect(shown("settings.advance-updated", "delivery").text).toBe(" · ডেলিভারি চার্জ");
    expect(shown("order.advance-verified", "payment 12").text).toBe(" · পেমেন্ট ১২");
    const markup = renderToStaticMarkup(
      <ActivitySummary
        action="payment.bkash-completed"
        summary="bKash TRXBUJU6R ৳60.00"
        t={adminTranslator("bn")}
        lang="bn"
      />,
    );
    expect(markup).toContain('<code translate="no">TRXBUJU6R</code>');
  });

  it("names bKash as the actor in the reader's language, and a person by their e-mail, not translated", () => {
    const actor = (actorId: number | null, actorEmail: string) =>
      renderToStaticMarkup(<ActivityActor actorId={actorId} actorEmail={actorEmail} t={adminTranslator("bn")} />);
    expect(actor(null, "bKash")).toBe("বিকাশ");
    expect(actor(3, "owner@shop.example")).toBe('<span translate="no">owner@shop.example</span>');
    expect(actor(null, "")).not.toMatch(/[A-Za-z]/);
  });

  it("shows a phone number in the reader's digits", () => {
    expect(shown("phone.blocked", "01995033202").text).toBe(" · ০১৯৯৫০৩৩২০২");
    expect(shown("order.deleted", "Karim Uddin, 01812345678").text).toBe(" · Karim Uddin, ০১৮১২৩৪৫৬৭৮");
  });

  it("shows names and codes as stored, marked, and nothing for an empty summary", () => {
    expect(shown("product.created", "LED Bulb 12W")).toEqual({ text: " · LED Bulb 12W", raw: ["LED Bulb 12W"] });
    expect(shown("order.status-changed", "")).toEqual({ text: "", raw: [] });
  });
});
