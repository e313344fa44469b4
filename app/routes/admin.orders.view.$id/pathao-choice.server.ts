/**
 * The order page's Pathao choice (docs/decisions/066-pathao.md): when staff open it
 * (`?pathao=1`), Pathao's cities, the chosen city's zones and the chosen zone's areas (each list
 * fetched on first use, then kept), what is chosen (the query's `pathao-city`, `pathao-zone`,
 * `pathao-area`, `pathao-weight`; else the places remembered for the order's area text; else the
 * city suggested from its district), and Pathao's price for that city, zone and weight. A GET form
 * redraws it, so it works without JavaScript. Pathao is asked only when the choice is open, never
 * on a plain visit of the order page.
 */
import type { Lang } from "~/i18n";
import type { AdminTranslate } from "~/i18n/admin";
import { pathaoChoice, type PathaoChoiceView } from "~/server/couriers/pathao-places.server";
import { PATHAO_CHOICE_PARAMS as PATHAO_PARAMS } from "~/rules/courier-places";

export type { PathaoChoiceView };

/**
 * The Pathao choice for `order` as the page's query asks, or null when it is not open (no
 * `?pathao=1`) or Pathao has no usable account (app/server/couriers/pathao-places.server.ts).
 */
export function pathaoChoiceFor(
  order: { district: string | null; area: string | null },
  params: URLSearchParams,
  t: AdminTranslate,
  lang: Lang,
): Promise<PathaoChoiceView | null> | null {
  if (params.get(PATHAO_PARAMS.open) !== "1") return null;
  const asked = {
    city: params.get(PATHAO_PARAMS.city),
    zone: params.get(PATHAO_PARAMS.zone),
    area: params.get(PATHAO_PARAMS.area),
    weight: params.get(PATHAO_PARAMS.weight),
  };
  return pathaoChoice(order, asked, t, lang);
}
