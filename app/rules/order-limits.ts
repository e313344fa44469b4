/**
 * Checkout limits against floods of fake cash-on-delivery orders
 * (docs/decisions/028-checkout-limits-and-blocklist.md): how many orders one phone number may place,
 * and one delivery address may receive, within ORDER_LIMIT_WINDOW_MS. The owner sets both numbers
 * (0: no limit). Pure: the counting is in app/models/orders/place-order.server.ts, inside the order's transaction.
 */

/** The window the limits count orders in: 24 hours, in ms. */
export const ORDER_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The owner's limits: orders per phone and per address within the window; 0 means no limit. */
export type OrderLimits = { perPhone: number; perAddress: number };

/**
 * Letters of other scripts that look like Latin ones (lower case; their capitals are lowered
 * first), as Unicode's confusables list (UTS #39) pairs them: Cyrillic "о" in "Rоad" is Latin "o";
 * `LOOK_ALIKE_FROM[i]` reads as `LOOK_ALIKE_TO[i]`. Only the common ones; Bengali is never folded.
 */
const LOOK_ALIKE_FROM = "авеёһніїјкӏморԛгѕтухԁԝс" + "αβεηικμνορτυχζ" + "ıłøđ";
const LOOK_ALIKE_TO = "abeehhiijklmopqrstyxdwc" + "abehikmnoptuxz" + "ilod";
const LOOK_ALIKES = new Map([...LOOK_ALIKE_FROM].map((char, index) => [char, LOOK_ALIKE_TO[index]!]));
const LOOK_ALIKE = new RegExp(`[${LOOK_ALIKE_FROM}]`, "gu");

const DECIMAL_DIGIT = /\p{Nd}/u;
const DECIMAL_DIGITS = /\p{Nd}/gu;

/**
 * The ASCII digit a decimal digit of any script stands for ("٤", "४", "৪", "๔" → "4"). Unicode
 * encodes each script's digits as ten code points in a row, 0 to 9, and its runs of decimal digits
 * are whole sets of ten, so a digit's value is its distance from the start of its run, modulo 10.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/**
 * One text folded for comparing: NFKC (full-width and other compatibility forms become plain ones),
 * invisible format characters removed, lower case, look-alike letters as Latin, accents off Latin
 * letters, the decimal digits of every script (Bengali, Arabic-Indic, Devanagari…) as ASCII.
 */
function fold(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "") // zero-width joiners and spaces, soft hyphens: invisible
    .toLowerCase()
    .replace(LOOK_ALIKE, (char) => LOOK_ALIKES.get(char)!)
    .normalize("NFKD")
    .replace(/([a-z])\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(DECIMAL_DIGITS, (digit) => (digit <= "9" ? digit : asciiDigit(digit)));
}

/**
 * Words of an address that name the same thing, each written one way: the common abbreviations in
 * Bangladeshi addresses (Rd, H, Hse, Apt, Blk, Sec, Ln) and the Bangla words, so that
 * "H# 4, Rd 2", "House 4, Road 2" and "বাড়ি ৪, রোড ২" are one address. "" drops the word: "No." in
 * "House No. 4" says nothing.
 */
const SAME_WORD: Record<string, string> = Object.fromEntries(
  (
    [
      ["road", ["road", "rd", "রোড", "সড়ক"]],
      ["house", ["house", "h", "hse", "hs", "বাড়ি", "বাসা", "হাউস", "হাউজ"]],
      ["flat", ["flat", "flt", "apt", "apartment", "ফ্ল্যাট", "ফ্লাট"]],
      ["block", ["block", "blk", "ব্লক"]],
      ["sector", ["sector", "sec", "sect", "সেক্টর"]],
      ["lane", ["lane", "ln", "লেন"]],
      ["avenue", ["avenue", "ave", "av"]],
      ["", ["no", "number", "num", "নং", "নম্বর", "নাম্বার"]],
    ] as const
  ).flatMap(([word, spellings]) => spellings.map((spelling) => [fold(spelling), word])),
);

/** Words (letters with their marks) and numbers of a folded text, in order; a number without its leading zeros. */
function words(text: string): { word: string; number: boolean }[] {
  return [...text.matchAll(/\p{L}[\p{L}\p{M}]*|\p{N}+/gu)].map(([token]) =>
    /^\p{N}/u.test(token)
      ? { word: token.replace(/^0+(?=\d)/, ""), number: true }
      : { word: SAME_WORD[token] ?? token, number: false },
  );
}

/**
 * An address reduced so that two spellings of one place compare equal (decision 042, refining
 * decision 028): the street address, area and district, each folded (`fold`: NFKC, lower case,
 * look-alike letters, accents, every script's digits), cut into words and numbers (so "house-4", "House 4"
 * and "house4" are one), abbreviations and Bangla words read as one word (`SAME_WORD`), numbers
 * without leading zeros ("0548544" is "548544"), then joined with nothing but a "." between two
 * numbers ("4 05" stays apart from "405"). "Flat 2B, House 7" and "flat 2b h-07" match; house 8
 * does not. The three parts stay apart ("|"), so text cannot slide from one to the next.
 */
export function addressKey(address: string, area: string, district: string): string {
  const reduce = (text: string) => {
    let key = "";
    let lastWasNumber = false;
    for (const { word, number } of words(fold(text))) {
      if (word === "") continue;
      key += (number && lastWasNumber ? "." : "") + word;
      lastWasNumber = number;
    }
    return key;
  };
  return [reduce(address), reduce(area), reduce(district)].join("|");
}

/** Which limit an order would pass, if any. */
export type LimitReached = "phone" | "address" | null;

/**
 * Whether one more order goes over a limit, given the orders the phone and the address already
 * placed within the window (cancelled ones included: a refused fake order still counts).
 */
export function limitReached(limits: OrderLimits, recent: { byPhone: number; byAddress: number }): LimitReached {
  if (limits.perPhone > 0 && recent.byPhone >= limits.perPhone) return "phone";
  if (limits.perAddress > 0 && recent.byAddress >= limits.perAddress) return "address";
  return null;
}
