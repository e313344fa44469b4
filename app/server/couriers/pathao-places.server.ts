/**
 * Pathao's places at hand-off (docs/decisions/066-pathao.md): its cities fetched once, a city's
 * zones and a zone's areas on first use, all kept (app/models/orders/courier-places.server.ts) so a
 * hand-off does not ask again; the city suggested from the order's district; the city, zone and
 * area staff chose for an area text, offered first next time; and a chosen place checked against
 * the kept lists before a parcel goes.
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
import { areaKey, suggestCity } from "~/rules/courier-places";
import { PATHAO } from "./pathao-account.server";
import type { PathaoClient } from "./pathao.server";

/** The places of `kind` under `parentId`, kept or (first use) fetched from Pathao and kept. @throws {CourierError} */
async function places(pathao: PathaoClient, kind: PlaceKind, parentId: number): Promise<KeptPlace[]> {
  const kept = await keptPlaces(PATHAO, kind, parentId);
  if (kept) return kept;
  const fetched =
    kind === "city" ? await pathao.cities() : kind === "zone" ? await pathao.zones(parentId) : await pathao.areas(parentId);
  await keepPlaces(PATHAO, kind, parentId, fetched);
  return fetched
    .map((place) => ({ id: place.id, name: place.name, homeDelivery: place.homeDelivery ?? true }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Pathao's cities (fetched once, then kept). @throws {CourierError} */
export const pathaoCities = (pathao: PathaoClient) => places(pathao, "city", 0);
/** A city's zones (fetched on first use, then kept). @throws {CourierError} */
export const pathaoZones = (pathao: PathaoClient, cityId: number) => places(pathao, "zone", cityId);
/** A zone's areas (fetched on first use, then kept). @throws {CourierError} */
export const pathaoAreas = (pathao: PathaoClient, zoneId: number) => places(pathao, "area", zoneId);

/** Forgets the kept places and fetches Pathao's cities again (zones and areas follow on use). @throws {CourierError} */
export async function refreshPathaoPlaces(pathao: PathaoClient): Promise<number> {
  const cities = await pathao.cities();
  await forgetPlaces(PATHAO);
  await keepPlaces(PATHAO, "city", 0, cities);
  return cities.length;
}

/** Where a Pathao parcel goes, in Pathao's ids; no area when staff chose none. */
export type PathaoDestination = { cityId: number; zoneId: number; areaId: number | null };

/**
 * The destination remembered for an order's district and area text, or, failing that, only the
 * city suggested from its district (zone and area unknown: staff choose them).
 */
export async function rememberedDestination(
  pathao: PathaoClient,
  order: { district: string | null; area: string | null },
): Promise<{ cityId: number | null; zoneId: number | null; areaId: number | null }> {
  const choice = await getAreaChoice(PATHAO, areaKey(order.district, order.area));
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
  if (zone ? zone.parentId !== destination.cityId : !(await pathaoZones(pathao, destination.cityId)).some((z) => z.id === destination.zoneId)) {
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
