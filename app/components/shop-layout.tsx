import { Link, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import type { Lang } from "~/i18n";
import { CartFeedbackRegion, CartLink } from "~/components/cart/cart-forms";
import type { ImageInfo } from "~/utils/image-url";
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
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link
            to={href("/")}
            className="flex min-w-0 items-center gap-2 text-xl font-bold tracking-tight text-amber-800"
          >
            {/* Decorative (alt=""): the shop's name beside it is the link's text. */}
            {shop.logo ? (
              <ResponsiveImage image={shop.logo} sizes="160px" className="h-10 w-auto max-w-40 object-contain" alt="" />
            ) : null}
            <span className="truncate">{shop.name}</span>
          </Link>
          <nav aria-label={t("nav.mainLabel")} className="flex items-center gap-5">
            <NavLink
              to={href("/products")}
              className={({ isActive }) => (isActive ? "font-semibold underline" : "hover:underline")}
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
            <ul className="space-y-1 text-sm">
              <li>
                <Link to={href("/products")} className="hover:underline">
                  {t("nav.products")}
                </Link>
              </li>
              <li>
                <Link to={href("/cart")} className="hover:underline">
                  {t("nav.cart")}
                </Link>
              </li>
              <li>
                <Link to={href("/orders/track")} className="hover:underline">
                  {t("footer.trackOrder")}
                </Link>
              </li>
              <li>
                <Link to="/admin/login" className="hover:underline">
                  {t("footer.admin")}
                </Link>
              </li>
            </ul>
          </section>
          <section>
            <h2 className="mb-2 font-semibold text-white">{t("footer.contact")}</h2>
            <address className="space-y-1 text-sm not-italic text-stone-300">
              <p>
                <a href={`mailto:${shop.email}`} className="hover:underline">
                  {shop.email}
                </a>
              </p>
              <p>
                <a href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
                  {shop.phone}
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

/** The autonym of each language: a language is always offered in its own name. */
const AUTONYMS: Record<Lang, string> = { en: "English", bn: "বাংলা" };

/**
 * The header's language switch: a POST form to /language (works without JavaScript) that
 * remembers the choice and reloads this page in the other language.
 */
function LanguageSwitch() {
  const t = useT();
  const location = useLocation();
  const other: Lang = useLang() === "en" ? "bn" : "en";
  return (
    <form method="post" action="/language">
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="rounded-md border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100"
        data-testid="language-switch"
      >
        <span className="sr-only">{t("nav.switchLanguage")} </span>
        <span lang={other}>{AUTONYMS[other]}</span>
      </button>
    </form>
  );
}
