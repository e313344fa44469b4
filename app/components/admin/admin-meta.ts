import type { MetaDescriptor } from "@remix-run/node";
import { isLang, type Lang } from "~/i18n";
import { adminTranslator, type AdminTranslate, type MessageKey, type MessageParams } from "~/i18n/admin";

/** What a meta function receives of the matched routes: their ids and loader data. */
type Matches = readonly { id: string; data: unknown }[];

/**
 * The translator of an admin page's meta function, in the staff member's language: the admin
 * layout's loader returns it as `adminLang` (app/routes/admin.tsx). English when the layout has no
 * data (its loader threw).
 */
export function adminMetaTranslator(matches: Matches): AdminTranslate {
  return adminTranslator(adminMetaLang(matches));
}

/** The staff member's language in an admin page's meta function (as `adminMetaTranslator`): for its digits. */
export function adminMetaLang(matches: Matches): Lang {
  const layout = matches.find((match) => match.id === "routes/admin")?.data as { adminLang?: string } | undefined;
  return isLang(layout?.adminLang) ? layout.adminLang : "en";
}

/** An admin page's meta function whose title is the message `key`: `export const meta = adminTitle("admin.orders.title")`. */
export function adminTitle(key: MessageKey, params?: MessageParams) {
  return ({ matches }: { matches: Matches }): MetaDescriptor[] => [
    { title: adminMetaTranslator(matches)(key, params) },
  ];
}
