import { describe, expect, it } from "vitest";
import { acceptedLanguage } from "./admin-i18n.server";

describe("acceptedLanguage", () => {
  it("takes the first of English and Bangla by the browser's preference", () => {
    expect(acceptedLanguage("bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("bn");
    expect(acceptedLanguage("bn")).toBe("bn");
    expect(acceptedLanguage("en-US,en;q=0.9,bn;q=0.8")).toBe("en");
    // Weights, not order, decide; equal weights keep their order.
    expect(acceptedLanguage("en;q=0.5, BN-IN;q=0.8")).toBe("bn");
    expect(acceptedLanguage("fr-FR, bn, en")).toBe("bn");
  });

  it("is null without a header, for other languages only, and skips one refused with q=0", () => {
    expect(acceptedLanguage(null)).toBeNull();
    expect(acceptedLanguage("")).toBeNull();
    expect(acceptedLanguage("fr-FR,fr;q=0.9,*;q=0.5")).toBeNull();
    expect(acceptedLanguage("bn;q=0, en;q=0.1")).toBe("en");
  });
});
