import { useLocation } from "@remix-run/react";
import { useContext, useMemo } from "react";
import { langFromPath, localePath, translator, type Lang, type Translate } from "~/i18n";
import { AdminLangContext } from "./admin-lang-context";

/**
 * The page's language: on a storefront page from the URL (`/bn…` is Bangla, everything else
 * English), on an admin page the staff member's (AdminLangContext).
 */
export function useLang(): Lang {
  const admin = useContext(AdminLangContext);
  const pathLang = langFromPath(useLocation().pathname);
  return admin ?? pathLang;
}

/** The translator for the page's language: `const t = useT(); t("cart.empty")`. */
export function useT(): Translate {
  const lang = useLang();
  return useMemo(() => translator(lang), [lang]);
}

/** A function that puts a storefront path in the page's language: `href("/products")` → "/bn/products". */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return useMemo(() => (path: string) => localePath(lang, path), [lang]);
}
