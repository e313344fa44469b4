/**
 * The language switch (/language) and the home page's remembered language, against the real
 * route modules: the switch answers 303 to the same page in the chosen language and remembers it
 * in a cookie; `/` then sends a Bangla shopper to `/bn`; bad input is refused or falls back home.
 */
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/_shop._index";
import { action as languageAction } from "~/routes/language";
import { CookieJar, get, post, run } from "./helpers";

describe("the language switch", () => {
  it("opens the same page in Bangla and remembers the choice for the home page", async () => {
    const jar = new CookieJar();
    const switched = await run(
      languageAction,
      post("/language", { lang: "bn", next: "/products?sort=price-asc&page=2" }),
    );
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/bn/products?sort=price-asc&page=2");
    jar.take(switched.headers);

    const home = await run(homeLoader, get("/", jar));
    expect(home.status).toBe(302);
    expect(home.location).toBe("/bn");
    // Every other English address keeps its language: a shared link is never reinterpreted.
    expect((await run(homeLoader, get("/bn", jar))).status).toBe(200);
  });

  it("goes back to English from a Bangla page, and the home page stays English", async () => {
    const jar = new CookieJar();
    const switched = await run(languageAction, post("/language", { lang: "en", next: "/bn/cart" }));
    expect(switched.location).toBe("/cart");
    jar.take(switched.headers);
    expect((await run(homeLoader, get("/", jar))).status).toBe(200);
  });

  it("shows English at / to a browser that never chose", async () => {
    expect((await run(homeLoader, get("/"))).status).toBe(200);
  });

  it("refuses an unknown language and never redirects off the site", async () => {
    expect((await run(languageAction, post("/language", { lang: "fr", next: "/" }))).status).toBe(400);
    const offsite = await run(languageAction, post("/language", { lang: "bn", next: "https://evil.example/x" }));
    expect(offsite.location).toBe("/bn");
    const protocolRelative = await run(languageAction, post("/language", { lang: "en", next: "//evil.example" }));
    expect(protocolRelative.location).toBe("/");
  });
});
