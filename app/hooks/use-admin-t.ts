import { useContext, useMemo } from "react";
import { adminTranslator, type AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { AdminLangContext } from "./admin-lang-context";

/** The back office's language on this page ("en" outside a provider, e.g. in a test render). */
export function useAdminLang(): Lang {
  return useContext(AdminLangContext) ?? "en";
}

/** The back office's translator in the staff member's language: `const t = useAdminT(); t("admin.nav.orders")`. */
export function useAdminT(): AdminTranslate {
  const lang = useAdminLang();
  return useMemo(() => adminTranslator(lang), [lang]);
}
