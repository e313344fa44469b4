/**
 * Every message exists in English and Bangla: the same keys on both sides in the same order,
 * nothing empty, the same `{placeholders}`, and Bangla that is Bangla (not an English text left in
 * place). TypeScript already refuses a missing or extra key (`bilingual` for the message modules, a
 * `Record` of the English keys for bn.ts); this also covers the texts themselves, and that each
 * back-office area module is part of the back office's messages (admin/areas.ts).
 */
import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, enAdmin } from "./admin/areas";
import type { Bilingual } from "./bilingual";
import { bn } from "./bn";
import { checkoutMessages } from "./checkout-messages";
import { en } from "./en";
import { listingMessages } from "./listing-messages";
import { rootMessages } from "./root-messages";
import { serverMessages } from "./server-messages";
import { trackingMessages } from "./tracking-messages";
import { paymentMessages } from "./payment-messages";

type Messages = Record<string, string>;

// Every module under admin/ but areas.ts itself is an area module.
const adminModules = import.meta.glob<Record<string, unknown>>(
  ["./admin/*.ts", "!./admin/areas.ts", "!./admin/*.test.ts"],
  {
    eager: true,
  },
);

const MODULES: [string, Bilingual<string>][] = [
  ["checkout-messages.ts", checkoutMessages],
  ["listing-messages.ts", listingMessages],
  ["root-messages.ts", rootMessages],
  ["server-messages.ts", serverMessages],
  ["tracking-messages.ts", trackingMessages],
  ["payment-messages.ts", paymentMessages],
  ...Object.entries(ADMIN_AREAS).map(([name, area]): [string, Bilingual<string>] => [`admin/${name}.ts`, area]),
];

const PAIRS: [string, Messages, Messages][] = [
  ["page (en.ts / bn.ts)", en, bn],
  ...MODULES.map(([name, area]): [string, Messages, Messages] => [name, area.en, area.bn]),
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
  it("have the same keys in both languages, in the same order", () => {
    expect(Object.keys(bangla)).toEqual(Object.keys(english));
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

describe("the back office's areas", () => {
  it("are every module of app/i18n/admin/, each listed in areas.ts", () => {
    const listed = new Set<unknown>(Object.values(ADMIN_AREAS));
    const modules = Object.entries(adminModules).flatMap(([file, exports]) =>
      Object.values(exports).map((area) => [file, listed.has(area)] as const),
    );
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter(([, isListed]) => !isListed).map(([file]) => file)).toEqual([]);
    expect(Object.keys(adminModules).sort()).toEqual(
      Object.keys(ADMIN_AREAS)
        .map((name) => `./admin/${name}.ts`)
        .sort(),
    );
  });

  it("never share a key, so none hides another's text in the assembled messages", () => {
    const total = Object.values(ADMIN_AREAS).reduce((sum, area) => sum + Object.keys(area.en).length, 0);
    expect(Object.keys(enAdmin)).toHaveLength(total);
  });

  it("each hold the keys of their own prefixes, so one prefix is never split across areas", () => {
    const areaOfPrefix = new Map<string, string>();
    const split: string[] = [];
    for (const [name, area] of Object.entries(ADMIN_AREAS)) {
      for (const key of Object.keys(area.en)) {
        const parts = key.split(".");
        const prefix = parts[0] === "admin" ? `${parts[0]}.${parts[1]}` : parts[0]!;
        const owner = areaOfPrefix.get(prefix) ?? name;
        if (owner !== name) split.push(`${key} (in ${name}, its prefix in ${owner})`);
        areaOfPrefix.set(prefix, owner);
      }
    }
    expect(split).toEqual([]);
  });
});

describe("the allow-list of texts the same in both languages", () => {
  it("names only keys that exist, so it cannot outlive the messages it excuses", () => {
    const known = new Set(PAIRS.flatMap(([, english]) => Object.keys(english)));
    expect([...SAME_IN_BOTH].filter((key) => !known.has(key))).toEqual([]);
  });
});
