import { Link, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { localDigits } from "~/i18n/format";
import { toAsciiDigits } from "~/rules/phone";
import { CartFeedbackRegion, CartLink } from "~/components/cart/cart-forms";
import type { ImageInfo } from "~/utils/image-url";
import { LanguageSwitchForm } from "./language-switch";
import { renderedLocation } from "./rendered-location";
import { ResponsiveImage } from "./responsive-image";

/** The shop's identity and contact details the layout shows (from the root loader); `logo` null: the name alone. */
type ShopDetails = {
  name: string;
  about: string;
  email: string;
  phone: string;
  address: string;
  logo: ImageInfo | null;
};

/**
 * The storefront's shared layout: header with the brand, Products link and the cart
 * link whose red badge shows the total quantity when above 0 (optimistic with JavaScript, see
 * cart-forms.tsx); main area; three-column footer; the live regions reporting cart changes.
 */
export function ShopLayout({
  shop,
  cartCount,
  year,
  children,
}: {
  shop: ShopDetails;
  cartCount: number;
  year: number;
  children: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skipToContent")}
      </a>
      <header className="border-b border-stone-200 bg-white">
        {/* The shop's name is never cut: when it and the navigation do not fit on one line (a long
            name on a phone), the navigation moves to a line of its own, and a name too long even for
            a whole line wraps. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link
            to={href("/")}
            className="flex min-h-11 min-w-0 items-center gap-2 text-xl font-bold tracking-tight text-amber-800"
            data-testid="shop-name"
          >
            {/* Decorative (alt=""): the shop's name beside it is the link's text. */}
            {shop.logo ? (
              <ResponsiveImage image={shop.logo} sizes="160px" className="h-10 w-auto max-w-40 object-contain" alt="" />
            ) : null}
            <span className="min-w-0 [overflow-wrap:anywhere]">{shop.name}</span>
          </Link>
          <nav aria-label={t("nav.mainLabel")} className="ml-auto flex items-center gap-2">
            <NavLink
              to={href("/products")}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center px-1 ${isActive ? "font-semibold underline" : "hover:underline"}`
              }
            >
              {t("nav.products")}
            </NavLink>
            <CartLink serverCount={cartCount} />
            <LanguageSwitch />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1" data-location={renderedLocation(location)}>
        {children}
      </main>
      <CartFeedbackRegion />
      <footer className="mt-12 border-t border-stone-200 bg-stone-900 text-stone-200">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <section>
            <h2 className="mb-2 font-semibold text-white">{t("footer.about")}</h2>
            <p className="text-sm text-stone-300">{shop.about}</p>
          </section>
          <section>
            <h2 className="mb-2 font-semibold text-white">{t("footer.quickLinks")}</h2>
            <ul className="text-sm">
              <li>
                <Link to={href("/products")} className={FOOTER_LINK}>
                  {t("nav.products")}
                </Link>
              </li>
              <li>
                <Link to={href("/cart")} className={FOOTER_LINK}>
                  {t("nav.cart")}
                </Link>
              </li>
              <li>
                <Link to={href("/orders/track")} className={FOOTER_LINK}>
                  {t("footer.trackOrder")}
                </Link>
              </li>
              <li>
                <Link to="/admin/login" className={FOOTER_LINK}>
                  {t("footer.admin")}
                </Link>
              </li>
            </ul>
          </section>
          <section>
            <h2 className="mb-2 font-semibold text-white">{t("footer.contact")}</h2>
            <address className="text-sm not-italic text-stone-300">
              <p>
                <a href={`mailto:${shop.email}`} className={FOOTER_LINK}>
                  {shop.email}
                </a>
              </p>
              <p>
                {/* The link dials ASCII digits (whichever the owner typed); the text is in the page's
                    digits (Bengali on /bn). */}
                <a href={`tel:${toAsciiDigits(shop.phone).replace(/[^\d+]/g, "")}`} className={FOOTER_LINK}>
                  {localDigits(shop.phone, lang)}
                </a>
              </p>
              <p>{shop.address}</p>
            </address>
          </section>
        </div>
        <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
          {t("footer.rights", { year, shop: shop.name })}
        </p>
      </footer>
    </div>
  );
}

/** A footer link: 44 px tall for a thumb, the lines touching (the links are the spacing). */
const FOOTER_LINK = "inline-flex min-h-11 min-w-11 items-center hover:underline";

/**
 * The header's language switch: a POST form to /language (works without JavaScript) that
 * remembers the choice and reloads this page in the other language.
 */
function LanguageSwitch() {
  const t = useT();
  return (
    <LanguageSwitchForm
      action="/language"
      other={useLang() === "en" ? "bn" : "en"}
      label={t("nav.switchLanguage")}
      className="min-h-11 rounded-md border border-stone-300 px-3 text-sm hover:bg-stone-100"
      testId="language-switch"
    />
  );
}
