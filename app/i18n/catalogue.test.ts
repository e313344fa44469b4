/**
 * Every message exists in English and Bangla: the same keys on both sides, nothing empty, the same
 * `{placeholders}`, and Bangla that is Bangla (not an English text left in place). TypeScript
 * already refuses a missing key in bn.ts, bn-server.ts and bn-admin.ts; this also covers the
 * two-language modules and the texts themselves.
 */
import { describe, expect, it } from "vitest";
import { bn } from "./bn";
import { bnAdmin } from "./bn-admin";
import { bnServer } from "./bn-server";
import { checkoutMessages } from "./checkout-messages";
import { en } from "./en";
import { enAdmin } from "./en-admin";
import { enServer } from "./en-server";
import { listingMessages } from "./listing-messages";
import { rootMessages } from "./root-messages";
import { trackingMessages } from "./tracking-messages";

const PAIRS: [string, Record<string, string>, Record<string, string>][] = [
  ["page (en.ts / bn.ts)", en, bn],
  ["server (en-server.ts / bn-server.ts)", enServer, bnServer],
  ["checkout", checkoutMessages.en, checkoutMessages.bn],
  ["listing", listingMessages.en, listingMessages.bn],
  ["root", rootMessages.en, rootMessages.bn],
  ["tracking", trackingMessages.en, trackingMessages.bn],
  ["admin (en-admin.ts / bn-admin.ts)", enAdmin, bnAdmin],
];

/** Texts that are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set([
  // The page title pattern: the page's title and the shop's name, whatever the language.
  "seo.title",
  // The status history's arrow between two status names, which the translator fills in.
  "admin.order.historyChanged",
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const BENGALI_LETTER = /[\u0980-\u09FF]/;

describe.each(PAIRS)("the %s messages", (_name, english, bangla) => {
  it("have the same keys in both languages", () => {
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
  });
  it("are never empty", () => {
    const empty = Object.entries({ ...english, ...bangla }).filter(([, text]) => text.trim() === "");
    expect(empty).toEqual([]);
  });
  it("have the same placeholders in both languages", () => {
    const differ = Object.keys(english).filter(
      (key) => placeholders(english[key]!).join() !== placeholders(bangla[key] ?? "").join(),
    );
    expect(differ).toEqual([]);
  });
  it("are not the English text left in place", () => {
    const same = Object.keys(english).filter((key) => !SAME_IN_BOTH.has(key) && bangla[key] === english[key]);
    expect(same).toEqual([]);
  });
  it("contain Bengali letters", () => {
    const notBangla = Object.keys(bangla).filter((key) => !SAME_IN_BOTH.has(key) && !BENGALI_LETTER.test(bangla[key]!));
    expect(notBangla).toEqual([]);
  });
});

describe("the allow-list of texts the same in both languages", () => {
  it("names only keys that exist, so it cannot outlive the messages it excuses", () => {
    const known = new Set(PAIRS.flatMap(([, english]) => Object.keys(english)));
    expect([...SAME_IN_BOTH].filter((key) => !known.has(key))).toEqual([]);
  });
});
