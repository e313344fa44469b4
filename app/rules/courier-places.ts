/**
 * Matching an order's district and area to a courier's own places (docs/decisions/066-pathao.md).
 * Pure.
 */
import { districtSearched, findDistrict } from "./districts";

/**
 * The query parameters (and form fields) of the order page's Pathao choice: `pathao=1` opens it;
 * the city, zone and area ids and the weight as typed. /admin/orders/courier reads the same names.
 */
export const PATHAO_CHOICE_PARAMS = {
  open: "pathao",
  city: "pathao-city",
  zone: "pathao-zone",
  area: "pathao-area",
  weight: "pathao-weight",
  /** What the price shown was for (`priceKey`): a send whose fields differ redraws instead. */
  shown: "pathao-shown",
} as const;

/**
 * What Pathao's price depends on, as one text: the city, the zone and the weight in kg
 * ("1|52|0.5"). The order page sends the key of the price it showed; a send whose fields give
 * another key (edited without pressing "Show zones, areas and price") is redrawn with the new
 * price, not sent. The area is left out: it does not change the price, and a changed zone (which
 * an area belongs to) already changes the key.
 */
export function priceKey(choice: { cityId: number; zoneId: number; weightKg: number }): string {
  return `${choice.cityId}|${choice.zoneId}|${choice.weightKg}`;
}

/**
 * The key an area choice is remembered by: the district and the area as typed, reduced to compare
 * (NFC, lower case, spaces collapsed, trimmed): "dhaka|mirpur 10". Null for an order without an
 * area text: a district holds many zones, so a choice for the district alone would send every
 * area-less order there; such an order's zone is chosen on its page each time.
 */
export function areaKey(district: string | null, area: string | null): string | null {
  const reduce = (text: string | null) => (text ?? "").normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  if (reduce(area) === "") return null;
  return `${reduce(district)}|${reduce(area)}`.slice(0, 300);
}

/**
 * Pathao's spellings of district names that are neither a district's current nor its former
 * English name in app/rules/districts.ts (its city list keeps older or shortened forms).
 */
const COURIER_SPELLINGS: Record<string, string> = {
  "b. baria": "Brahmanbaria",
  "b.baria": "Brahmanbaria",
  barisal: "Barishal",
  "chapai nawabganj": "Chapainawabganj",
  chapainawabgonj: "Chapainawabganj",
  "coxs bazar": "Cox's Bazar",
  jhalokathi: "Jhalakathi",
  jhalokati: "Jhalakathi",
  "moulvi bazar": "Moulvibazar",
  maulvibazar: "Moulvibazar",
  netrakona: "Netrokona",
  khagrachari: "Khagrachhari",
  narshingdi: "Narsingdi",
  panchagar: "Panchagarh",
};

/** The district (current English name) a courier's city name means, or null when none. */
export function districtOfCity(cityName: string): string | null {
  const reduced = cityName.normalize("NFC").trim().replace(/\s+/g, " ");
  const known = districtSearched(reduced) ?? districtSearched(reduced.replace(/’/g, "'"));
  if (known) return known.name;
  const spelled = COURIER_SPELLINGS[reduced.toLowerCase()];
  return spelled && findDistrict(spelled) ? spelled : null;
}

/**
 * The courier city for an order's district (its current English name, as orders store it): the
 * city whose name is that district's current or former name, or a courier spelling of it
 * (Chittagong → Chattogram, Comilla → Cumilla, B. Baria → Brahmanbaria); null when none matches.
 */
export function suggestCity<City extends { name: string }>(
  district: string | null,
  cities: readonly City[],
): City | null {
  if (!district) return null;
  const wanted = districtSearched(district)?.name ?? district;
  return cities.find((city) => districtOfCity(city.name) === wanted) ?? null;
}

/** The lightest and heaviest parcel Pathao takes, in kg (its documented range). */
const MIN_WEIGHT_KG = 0.5;
const MAX_WEIGHT_KG = 10;

/**
 * A parcel weight as staff type it, in kg: digits in English or Bangla ("১.৫"), a point or comma
 * for the decimals; null when it is not a number from 0.5 to 10 (Pathao's range). Rounded to grams.
 */
export function parseWeightKg(text: string): number | null {
  const ascii = text
    .trim()
    .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(ascii)) return null;
  const kg = Number(ascii);
  return kg >= MIN_WEIGHT_KG && kg <= MAX_WEIGHT_KG ? Math.round(kg * 1000) / 1000 : null;
}
