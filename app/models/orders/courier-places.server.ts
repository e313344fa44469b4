/**
 * A courier's own places, kept (docs/decisions/066-pathao.md): Pathao's cities, zones and areas as
 * fetched from its API (`CourierLocation`), and the city, zone and area staff chose for an order's
 * area text (`CourierAreaChoice`), offered first the next time. Fetching them is
 * app/server/couriers/pathao-places.server.ts; this module only stores and reads.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";

/** The kinds of place: a city (parent 0), a city's zone, a zone's area. */
export type PlaceKind = "city" | "zone" | "area";

/** A kept place: the courier's id and name; areas say whether the courier delivers to the door. */
export type KeptPlace = { id: number; name: string; homeDelivery: boolean };

/**
 * The places of `kind` under `parentId` (0 for cities), by name; null when none are kept for that
 * parent (fetch them first; a parent the courier lists nothing under is asked about again).
 */
export async function keptPlaces(courier: string, kind: PlaceKind, parentId: number): Promise<KeptPlace[] | null> {
  const rows = await prisma.courierLocation.findMany({
    where: { courier, kind, parentId },
    orderBy: { name: "asc" },
    select: { externalId: true, name: true, homeDelivery: true },
  });
  if (rows.length > 0)
    return rows.map((row) => ({ id: row.externalId, name: row.name, homeDelivery: row.homeDelivery }));
  return null;
}

/**
 * Keeps the places of `kind` under `parentId` as the courier listed them just now, in place of
 * those kept before (one transaction: a place the courier dropped is dropped here too).
 * Idempotent under concurrency: two first views of one list at once both fetch it and both keep
 * it; the later one's insert then meets the rows the first stored (a unique-key conflict on
 * PostgreSQL, whose transactions run side by side) and leaves them, as they are the same list.
 */
export async function keepPlaces(
  courier: string,
  kind: PlaceKind,
  parentId: number,
  places: readonly { id: number; name: string; homeDelivery?: boolean }[],
): Promise<void> {
  const unique = [...new Map(places.map((place) => [place.id, place])).values()];
  try {
    await replacePlaces(courier, kind, parentId, unique);
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
}

/** `keepPlaces`' one transaction: the old places of the list (and the ids listed) out, the new in. */
async function replacePlaces(
  courier: string,
  kind: PlaceKind,
  parentId: number,
  unique: readonly { id: number; name: string; homeDelivery?: boolean }[],
): Promise<void> {
  await prisma.$transaction([
    prisma.courierLocation.deleteMany({ where: { courier, kind, parentId } }),
    prisma.courierLocation.deleteMany({
      where: { courier, kind, externalId: { in: unique.map((place) => place.id) } },
    }),
    prisma.courierLocation.createMany({
      data: unique.map((place) => ({
        courier,
        kind,
        externalId: place.id,
        parentId,
        name: place.name.slice(0, 200),
        homeDelivery: place.homeDelivery ?? true,
      })),
    }),
  ]);
}

/** Forgets every place kept for `courier` (the owner's "Refresh Pathao's places"). */
export async function forgetPlaces(courier: string): Promise<void> {
  await prisma.courierLocation.deleteMany({ where: { courier } });
}

/** Forgets the places of `kind` kept under `parentId`, so the next use fetches them again. */
export async function forgetPlacesUnder(courier: string, kind: PlaceKind, parentId: number): Promise<void> {
  await prisma.courierLocation.deleteMany({ where: { courier, kind, parentId } });
}

/** One kept place by kind and id, with its parent; null when it is not (or no longer) kept. */
export async function keptPlace(courier: string, kind: PlaceKind, id: number) {
  return prisma.courierLocation.findUnique({
    where: { courier_kind_externalId: { courier, kind, externalId: id } },
    select: { externalId: true, parentId: true, name: true },
  });
}

/** The courier places staff chose for an area text, or null when none were. */
export async function getAreaChoice(courier: string, areaKey: string) {
  return prisma.courierAreaChoice.findUnique({
    where: { courier_areaKey: { courier, areaKey } },
    select: { cityId: true, zoneId: true, areaId: true },
  });
}

/** The choices for many area texts at once (the list's bulk hand-off), by area key. */
export async function getAreaChoices(courier: string, areaKeys: readonly string[]) {
  const rows = await prisma.courierAreaChoice.findMany({
    where: { courier, areaKey: { in: [...new Set(areaKeys)] } },
    select: { areaKey: true, cityId: true, zoneId: true, areaId: true },
  });
  return new Map(rows.map((row) => [row.areaKey, row]));
}

/** Remembers (or replaces) the places chosen for an area text, by `admin`. */
export async function rememberAreaChoice(
  courier: string,
  areaKey: string,
  choice: { cityId: number; zoneId: number; areaId: number | null },
  admin: { email: string } | null,
): Promise<void> {
  const data = { ...choice, updatedByEmail: admin?.email ?? null };
  await prisma.courierAreaChoice.upsert({
    where: { courier_areaKey: { courier, areaKey } },
    create: { courier, areaKey, ...data },
    update: data,
  });
}
