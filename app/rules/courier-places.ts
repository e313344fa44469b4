/**
 * Matching an order's district and area to a courier's own places (docs/decisions/066-pathao.md).
 * Pure.
 */
import { districtSearched, findDistrict } from "./districts";

/**
 * The key an area choice is remembered by: the district and the area as typed, reduced to compare
 * (NFC, lower case, spaces collapsed, trimmed): "dhaka|mirpur 10". An order without an area text
 * is keyed by its district alone ("dhaka|").
 */
export function areaKey(district: string | null, area: string | null): string {
  const reduce = (text: string | null) => (text ?? "").normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
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
export function suggestCity<City extends { name: string }>(district: string | null, cities: readonly City[]): City | null {
  if (!district) return null;
  const wanted = districtSearched(district)?.name ?? district;
  return cities.find((city) => districtOfCity(city.name) === wanted) ?? null;
}
