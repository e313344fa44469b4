import { describe, expect, it } from "vitest";
import { seoContextFor } from "./seo.server";

describe("seoContextFor", () => {
  it("reads the page's language from the URL and the shop from the settings", async () => {
    const english = await seoContextFor(new Request("http://localhost:3000/products"));
    expect(english).toMatchObject({ origin: "http://localhost:3000", lang: "en", shopName: expect.any(String) });
    expect(english.t("seo.home")).toBe("Home");
    const bangla = await seoContextFor(new Request("http://localhost:3000/bn/products/7"));
    expect(bangla.lang).toBe("bn");
    expect(bangla.t("seo.home")).toBe("হোম");
  });
});
