import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LanguageSwitchForm } from "~/components/language-switch";
import { ResponsiveImage } from "~/components/responsive-image";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import { useAdminT } from "~/hooks/use-admin-t";
import { localePath } from "~/i18n";
import type { Lang } from "~/i18n/lang";
import type { ImageInfo } from "~/utils/image-url";

/**
 * The shop as the pages before a session show it: its name and logo (null: the name alone) in the
 * page's language. Both are public (the storefront's header shows them); nothing about the staff is.
 */
export type SignInShop = { name: string; logo: ImageInfo | null };

/**
 * The frame of the pages before a session (the sign-in page and its second step): a language
 * switch, the shop's logo and name above a card in the middle of the page, and a link back to the
 * shop's home page (in `lang`: /bn for Bangla) below it, all in the sign-in page's language `lang`
 * (its texts read it through useAdminT, so they are rendered as `children`, inside it).
 */
export function SignInCard({ lang, shop, children }: { lang: Lang; shop: SignInShop; children: ReactNode }) {
  return (
    <AdminLangContext.Provider value={lang}>
      <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-stone-100 px-4 py-8">
        <div className="w-full max-w-sm">
          <div className="mb-2 flex justify-end">
            <SignInLanguageSwitch lang={lang} />
          </div>
          <ShopBrand shop={shop} />
          <div className="rounded-lg border border-stone-200 bg-white p-8 shadow-sm">{children}</div>
          <BackToShop lang={lang} />
        </div>
      </main>
    </AdminLangContext.Provider>
  );
}

/**
 * The language switch before signing in: a POST form to /language, the storefront's switch (works
 * without JavaScript), which remembers the choice in this browser and shows this page again in it.
 */
function SignInLanguageSwitch({ lang }: { lang: Lang }) {
  const t = useAdminT();
  return (
    <LanguageSwitchForm
      action="/language"
      other={lang === "en" ? "bn" : "en"}
      label={t("admin.nav.switchLanguage")}
      className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm hover:bg-stone-50"
      testId="sign-in-language-switch"
    />
  );
}

/** The shop's logo and name above the card (the logo is decorative: the name beside it says it). */
function ShopBrand({ shop }: { shop: SignInShop }) {
  return (
    <div className="mb-4 flex flex-col items-center gap-2 text-center" data-testid="sign-in-shop">
      {shop.logo ? (
        <ResponsiveImage
          image={shop.logo}
          sizes="160px"
          priority
          alt=""
          className="h-12 w-auto max-w-40 object-contain"
        />
      ) : null}
      <p className="break-words text-xl font-bold tracking-tight text-amber-800" translate="no">
        {shop.name}
      </p>
    </div>
  );
}

/** "← Back to the shop": the storefront's home page in the page's language, a full tap target. */
function BackToShop({ lang }: { lang: Lang }) {
  const t = useAdminT();
  return (
    <p className="mt-4 text-center">
      <Link
        to={localePath(lang, "/")}
        className="inline-flex min-h-11 items-center gap-1 px-2 text-sm font-medium text-amber-800 underline"
      >
        <span aria-hidden="true">←</span>
        {t("admin.login.backToShop")}
      </Link>
    </p>
  );
}

/** A refused step's message above its form (nothing without one); `id` is what the fields' aria-describedby names. */
export function SignInAlert({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" id={id} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** The card's full-width submit button, showing `busyLabel` (and disabled) while its form is on its way. */
export function SignInButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-amber-700 px-4 py-2.5 font-semibold text-white hover:bg-amber-800 disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
