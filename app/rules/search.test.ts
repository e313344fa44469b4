import { describe, expect, it } from "vitest";
import { containsLikePattern, escapeLike, normalizeSearchQuery, prefixLikePattern, SEARCH_MAX_LENGTH } from "./search";

describe("normalizeSearchQuery", () => {
  it("treats missing, blank and whitespace-only input as no search", () => {
    for (const raw of [null, undefined, "", " ", "\t\n ", "\u00a0\u2003"]) expect(normalizeSearchQuery(raw)).toBe("");
  });

  it("trims and collapses inner whitespace", () => {
    expect(normalizeSearchQuery("  ceiling \t  fan\n")).toBe("ceiling fan");
    expect(normalizeSearchQuery("\u00a0বাতি\u00a0 ১২")).toBe("বাতি ১২");
  });

  it("keeps case and punctuation, and cuts long input", () => {
    expect(normalizeSearchQuery("LED 50%_off")).toBe("LED 50%_off");
    expect(normalizeSearchQuery("a".repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
    // A cut that ends on a space is trimmed again.
    expect(normalizeSearchQuery(`${"a".repeat(SEARCH_MAX_LENGTH - 1)} b`)).toBe("a".repeat(SEARCH_MAX_LENGTH - 1));
  });
});

describe("LIKE patterns", () => {
  it("escape the wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\x")).toBe("50\\%\\_off\\\\x");
    expect(escapeLike("plain text")).toBe("plain text");
  });

  it("wrap the escaped text for contains and starts-with", () => {
    expect(containsLikePattern("5%")).toBe("%5\\%%");
    expect(prefixLikePattern("a_b")).toBe("a\\_b%");
  });
});
