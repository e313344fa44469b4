/**
 * The order page's Pathao choice (docs/decisions/066-pathao.md): when staff open it
 * (`?pathao=1`), Pathao's cities, the chosen city's zones and the chosen zone's areas (each list
 * fetched on first use, then kept), what is chosen (the query's `pathao-city`, `pathao-zone`,
 * `pathao-area`, `pathao-weight`; else the places remembered for the order's area text; else the
 * city suggested from its district), and Pathao's price for that city, zone and weight. A GET form
 * redraws it, so it works without JavaScript. Pathao is asked only when the choice is open, never
 * on a plain visit of the order page.
 */
import type { AdminTranslate } from "~/i18n/admin";
import { parseWeightKg } from "~/rules/courier-places";
import { parseId } from "~/utils/params";
import { courierFailure } from "~/server/couriers/messages.server";
import { PATHAO, shopPathao } from "~/server/couriers/pathao-account.server";
import { pathaoAreas, pathaoCities, pathaoZones, rememberedDestination } from "~/server/couriers/pathao-places.server";
import { PATHAO_DEFAULT_WEIGHT_KG, type PathaoPrice } from "~/server/couriers/pathao.server";
import { PATHAO_PARAMS } from "./pathao-choice";


/** What the order page's Pathao choice shows. */
export type PathaoChoiceView = {
  cities: { id: number; name: string }[];
  cityId: number | null;
  zones: { id: number; name: string }[];
  zoneId: number | null;
  areas: { id: number; name: string; homeDelivery: boolean }[];
  areaId: number | null;
  /** The weight as typed (or the default), and whether it is usable. */
  weight: string;
  weightValid: boolean;
  /** Where the choice came from when staff chose nothing yet on this page. */
  source: "remembered" | "suggested" | null;
  price: PathaoPrice | null;
  /** Why a list or the price could not be read, in the staff member's language. */
  problem: string | null;
};

/**
 * The Pathao choice for `order` as `params` ask, or null when it is not open (no `?pathao=1`) or
 * Pathao has no usable account. A courier failure is the view's `problem`; anything else throws.
 */
export async function pathaoChoiceFor(
  order: { district: string | null; area: string | null },
  params: URLSearchParams,
  t: AdminTranslate,
): Promise<PathaoChoiceView | null> {
  if (params.get(PATHAO_PARAMS.open) !== "1") return null;
  const pathao = await shopPathao();
  if (!pathao) return null;
  const weight = params.get(PATHAO_PARAMS.weight)?.trim() || String(PATHAO_DEFAULT_WEIGHT_KG);
  const weightKg = parseWeightKg(weight);
  const view: PathaoChoiceView = {
    cities: [],
    cityId: null,
    zones: [],
    zoneId: null,
    areas: [],
    areaId: null,
    weight,
    weightValid: weightKg !== null,
    source: null,
    price: null,
    problem: null,
  };
  const failure = (error: unknown) => {
    const message = courierFailure(error, t, PATHAO);
    if (message === null) throw error;
    return message;
  };
  try {
    view.cities = (await pathaoCities(pathao)).map(({ id, name }) => ({ id, name }));
    const asked = parseId(params.get(PATHAO_PARAMS.city) ?? "");
    let wanted: { cityId: number | null; zoneId: number | null; areaId: number | null };
    if (asked !== null) {
      wanted = {
        cityId: asked,
        zoneId: parseId(params.get(PATHAO_PARAMS.zone) ?? ""),
        areaId: parseId(params.get(PATHAO_PARAMS.area) ?? ""),
      };
    } else {
      wanted = await rememberedDestination(pathao, order);
      view.source = wanted.zoneId !== null ? "remembered" : wanted.cityId !== null ? "suggested" : null;
    }
    view.cityId = view.cities.some((city) => city.id === wanted.cityId) ? wanted.cityId : null;
    if (view.cityId === null) return view;
    view.zones = (await pathaoZones(pathao, view.cityId)).map(({ id, name }) => ({ id, name }));
    view.zoneId = view.zones.some((zone) => zone.id === wanted.zoneId) ? wanted.zoneId : null;
    if (view.zoneId === null) return view;
    view.areas = await pathaoAreas(pathao, view.zoneId);
    view.areaId = view.areas.some((area) => area.id === wanted.areaId) ? wanted.areaId : null;
  } catch (error) {
    view.problem = t("admin.pathao.placesFailed", { message: failure(error) });
    return view;
  }
  if (weightKg !== null) {
    try {
      view.price = await pathao.pricePlan({ cityId: view.cityId, zoneId: view.zoneId, weightKg });
    } catch (error) {
      view.problem = t("admin.pathao.priceUnavailable", { message: failure(error) });
    }
  }
  return view;
}
