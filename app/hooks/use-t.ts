import { useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { langFromPath, localePath, translator, type Lang, type Translate } from "~/i18n";

/** The storefront page's language, from the URL (`/bn…` is Bangla, everything else English). */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
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
