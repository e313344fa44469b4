/**
 * The sign-in pages' frame: the shop's name and logo above the card and the way back to the shop
 * below it, in the page's language (the Bangla page leads to the Bangla home page).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/lang";
import { SignInCard, type SignInShop } from "./sign-in-card";

const logo = {
  key: "0123456789abcdef0123456789abcdef",
  width: 768,
  height: 230,
  variantWidths: [320, 640, 768],
  alt: "",
};

/** The frame in `lang` around a stand-in form, as markup. */
const render = (lang: Lang, shop: SignInShop) =>
  renderToStaticMarkup(
    <StaticRouter location="/admin/login">
      <SignInCard lang={lang} shop={shop}>
        <form />
      </SignInCard>
    </StaticRouter>,
  );

describe("SignInCard", () => {
  it("shows the shop's name, no picture without a logo, and leads back to the English home page", () => {
    const html = render("en", { name: "Noor Lighting", logo: null });
    expect(html).toContain(">Noor Lighting</p>");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*><span aria-hidden="true">←<\/span>Back to the shop<\/a>/);
  });

  it("in Bangla, shows the logo beside the name and leads back to the Bangla home page", () => {
    const html = render("bn", { name: "নূর লাইটিং", logo });
    expect(html).toMatch(/<img[^>]*src="\/uploads\/0123456789abcdef0123456789abcdef\/[^"]+"[^>]*alt=""/);
    expect(html).toContain(">নূর লাইটিং</p>");
    expect(html).toMatch(/<a[^>]*href="\/bn"[^>]*><span aria-hidden="true">←<\/span>দোকানে ফিরে যান<\/a>/);
  });
});
