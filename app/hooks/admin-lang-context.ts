import { createContext } from "react";
import type { Lang } from "~/i18n/lang";

/**
 * The back office's language on an admin page (the signed-in staff member's choice, or the sign-in
 * page's), provided by app/routes/admin.tsx and by SignInCard (app/components/admin/sign-in-card.tsx,
 * the sign-in pages' frame); null on storefront pages, whose language is in their URL. Kept apart
 * from the admin catalogues so that the storefront's `useLang` can read it without downloading them.
 */
export const AdminLangContext = createContext<Lang | null>(null);
