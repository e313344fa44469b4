/**
 * Pathao's places at hand-off (docs/decisions/066-pathao.md): its cities fetched once, a city's
 * zones and a zone's areas on first use, all kept (app/models/orders/courier-places.server.ts) so a
 * hand-off does not ask again; the city suggested from the order's district; the city, zone and
 * area staff chose for an area text, offered first next time; and a chosen place checked against
 * the kept lists before a parcel goes; and the order page's choice of them with the price.
 */
import {
  forgetPlaces,
  forgetPlacesUnder,
  getAreaChoice,
  keepPlaces,
  keptPlace,
  keptPlaces,
  type KeptPlace,
  type PlaceKind,
} from "~/models/orders/courier-places.server";
import type { Lang } from "~/i18n";
import { formatInteger, localDigits } from "~/i18n/format";
import type { AdminUser } from "~/models/auth/admin-user.server";
import type { AdminTranslate } from "~/i18n/admin";
import { areaKey, parseWeightKg, suggestCity } from "~/rules/courier-places";
import { parseId } from "~/utils/params";
import type { Toast } from "~/utils/toast-message";
import { staffLanguage, staffTranslator } from "../admin-i18n.server";
import { courierFailure } from "./messages.server";
import { PATHAO, shopPathao } from "./pathao-account.server";
import { PATHAO_DEFAULT_WEIGHT_KG, type PathaoClient, type PathaoPrice } from "./pathao.server";

/** The places of `kind` under `parentId`, kept or (first use) fetched from Pathao and kept. @throws {CourierError} */
async function places(pathao: PathaoClient, kind: PlaceKind, parentId: number): Promise<KeptPlace[]> {
  const kept = await keptPlaces(PATHAO, kind, parentId);
  if (kept) return kept;
  const fetched =
    kind === "city"
      ? await pathao.cities()
      : kind === "zone"
        ? await pathao.zones(parentId)
        : await pathao.areas(parentId);
  await keepPlaces(PATHAO, kind, parentId, fetched);
  return fetched
    .map((place) => ({ id: place.id, name: place.name, homeDelivery: place.homeDelivery ?? true }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Pathao's cities (fetched once, then kept). @throws {CourierError} */
const pathaoCities = (pathao: PathaoClient) => places(pathao, "city", 0);
/** A city's zones (fetched on first use, then kept). @throws {CourierError} */
const pathaoZones = (pathao: PathaoClient, cityId: number) => places(pathao, "zone", cityId);
/** A zone's areas (fetched on first use, then kept). @throws {CourierError} */
const pathaoAreas = (pathao: PathaoClient, zoneId: number) => places(pathao, "area", zoneId);

/** Forgets the kept places and fetches Pathao's cities again (zones and areas follow on use). @throws {CourierError} */
async function refreshPathaoPlaces(pathao: PathaoClient): Promise<number> {
  const cities = await pathao.cities();
  await forgetPlaces(PATHAO);
  await keepPlaces(PATHAO, "city", 0, cities);
  return cities.length;
}

/** Where a Pathao parcel goes, in Pathao's ids; no area when staff chose none. */
export type PathaoDestination = { cityId: number; zoneId: number; areaId: number | null };

/**
 * The destination remembered for an order's district and area text, or, failing that (or for an
 * order without an area text), only the city suggested from its district (zone and area unknown:
 * staff choose them).
 */
async function rememberedDestination(
  pathao: PathaoClient,
  order: { district: string | null; area: string | null },
): Promise<{ cityId: number | null; zoneId: number | null; areaId: number | null }> {
  const key = areaKey(order.district, order.area);
  const choice = key === null ? null : await getAreaChoice(PATHAO, key);
  if (choice) return choice;
  const city = suggestCity(order.district, await pathaoCities(pathao));
  return { cityId: city?.id ?? null, zoneId: null, areaId: null };
}

/**
 * Whether a destination is still in Pathao's lists as kept: the zone in the city, the area (if
 * any) in the zone. An area list not kept yet is fetched. "gone" names what vanished.
 * @throws {CourierError} when a list must be fetched and Pathao fails.
 */
export async function checkDestination(
  pathao: PathaoClient,
  destination: PathaoDestination,
): Promise<"ok" | "zone-gone" | "area-gone"> {
  const zone = (await keptPlace(PATHAO, "zone", destination.zoneId)) ?? null;
  if (
    zone
      ? zone.parentId !== destination.cityId
      : !(await pathaoZones(pathao, destination.cityId)).some((z) => z.id === destination.zoneId)
  ) {
    return "zone-gone";
  }
  if (destination.areaId === null) return "ok";
  const areas = await pathaoAreas(pathao, destination.zoneId);
  return areas.some((area) => area.id === destination.areaId) ? "ok" : "area-gone";
}

/**
 * Forgets the kept zones of the destination's city and areas of its zone, after Pathao refused
 * the place: the next choice reads its lists again.
 */
export async function forgetDestinationLists(destination: PathaoDestination): Promise<void> {
  await forgetPlacesUnder(PATHAO, "zone", destination.cityId);
  await forgetPlacesUnder(PATHAO, "area", destination.zoneId);
}

/**
 * The owner's "Refresh Pathao's places", by `admin`: reads Pathao's cities again, forgets the kept
 * zones and areas (read again as they are used), and says how many cities there are; a courier
 * failure is the toast, anything else throws.
 */
export async function refreshPathaoPlacesToast(admin: AdminUser): Promise<Toast> {
  const t = staffTranslator(admin);
  const pathao = await shopPathao();
  if (!pathao) return { kind: "error", message: t("admin.pathao.noAccount") };
  try {
    const count = await refreshPathaoPlaces(pathao);
    return {
      kind: "success",
      message: t("admin.pathao.placesRefreshed", { count: formatInteger(count, staffLanguage(admin)) }),
    };
  } catch (error) {
    const message = courierFailure(error, t, PATHAO);
    if (message === null) throw error;
    return { kind: "error", message };
  }
}

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
 * The order page's Pathao choice for `order` (docs/decisions/066-pathao.md): Pathao's cities, the
 * chosen city's zones and the chosen zone's areas (each list fetched on first use, then kept),
 * what is chosen (`asked`, the page's query; when it names no city, the places remembered for the
 * order's area text, else the city suggested from its district), and Pathao's price for that city,
 * zone and weight (`lang`: the page's digits). Null when Pathao has no usable account. A courier failure is the view's
 * `problem`; anything else throws.
 */
export async function pathaoChoice(
  order: { district: string | null; area: string | null },
  asked: { city: string | null; zone: string | null; area: string | null; weight: string | null },
  t: AdminTranslate,
  lang: Lang,
): Promise<PathaoChoiceView | null> {
  const pathao = await shopPathao();
  if (!pathao) return null;
  // The default weight in the page's digits ("০.৫" on a Bangla page); either kind is read back.
  const weight = asked.weight?.trim() || localDigits(String(PATHAO_DEFAULT_WEIGHT_KG), lang);
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
    const askedCity = parseId(asked.city ?? "");
    let wanted: { cityId: number | null; zoneId: number | null; areaId: number | null };
    if (askedCity !== null) {
      wanted = { cityId: askedCity, zoneId: parseId(asked.zone ?? ""), areaId: parseId(asked.area ?? "") };
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
