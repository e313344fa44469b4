/**
 * The shopper's words for a refused campaign code (app/rules/discount-codes.ts `DiscountRefusal`),
 * in the page's language, with dates in Asia/Dhaka and amounts in its digits: "This code starts on
 * 10 April.", "Minimum order ৳1,000.00 for this code." (Bangla: "এই কোডটি ১০ এপ্রিল থেকে চালু হবে।").
 */
import { fill } from "~/i18n";
import { discountMessages, type DiscountMessageKey } from "~/i18n/discount-messages";
import { formatDayMonth } from "~/i18n/format-date";
import type { Lang } from "~/i18n/lang";
import type { DiscountRefusal } from "./discount-codes";
import { instantToDhakaLocal } from "./dhaka-time";
import { formatMoney } from "./money";

/** The campaign code answer `key` in `lang`, with `params` filled in. */
export function discountMessage(lang: Lang, key: DiscountMessageKey, params?: Record<string, string>): string {
  return fill(discountMessages[lang][key], params);
}

/**
 * The day of `instant` in Asia/Dhaka as a shopper reads it: "10 April" ("১০ এপ্রিল" in Bangla).
 * English spells the month in full, as the refusal says it in a sentence.
 */
function dhakaDay(instant: Date, lang: Lang): string {
  const isoDay = instantToDhakaLocal(instant).slice(0, 10);
  if (lang === "bn") return formatDayMonth(isoDay, lang);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** Why the code `code` (as typed, normalised) was refused, in `lang`. */
export function refusalMessage(refusal: DiscountRefusal, code: string, lang: Lang): string {
  switch (refusal.reason) {
    case "unknown":
      return discountMessage(lang, "code.unknown", { code });
    case "inactive":
      return discountMessage(lang, "code.inactive", { code });
    case "not-started":
      return discountMessage(lang, "code.notStarted", { date: dhakaDay(refusal.startsAt, lang) });
    case "ended":
      return discountMessage(lang, "code.ended", { date: dhakaDay(refusal.endsAt, lang) });
    case "minimum":
      return discountMessage(lang, "code.minimum", { amount: formatMoney(refusal.minSubtotalPaisa, { lang }) });
    case "used-up":
      return discountMessage(lang, "code.usedUp");
    case "used-up-for-phone":
      return discountMessage(lang, "code.usedUpForPhone");
    case "no-items":
      return discountMessage(lang, "code.noItems");
  }
}
