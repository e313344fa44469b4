/**
 * Bangladesh's 8 divisions and 64 districts, in English and Bangla, for the delivery address at
 * checkout: the district a courier delivers to, and the shipping method it suggests.
 *
 * Source: the open data set nuhil/bangladesh-geocode (https://github.com/nuhil/bangladesh-geocode),
 * files divisions/divisions.json and districts/districts.json at commit
 * 5622f68bd07a98e076edcf8100bf0db6a75b9854 (17 March 2023). MIT licence, Copyright (c) 2014 Nuhil
 * Mehdy: docs/licences/bangladesh-geocode.txt. Written out here once as data (ids, division ids and
 * names are the set's; its coordinates and web addresses are left out), with these changes.
 *
 * English names are the current official ones (docs/decisions/044-official-district-names.md):
 * - Chattogram, Cumilla, Barishal, Jashore and Bogura: the spellings the government's National
 *   Implementation Committee for Administrative Reform adopted on 2 April 2018, in place of
 *   Chittagong, Comilla, Barisal, Jessore and Bogra, "in congruity with Bangla pronunciation"
 *   (source: the state news agency BSS, "NICAR changes English spelling of five districts",
 *   2 April 2018, bssnews.net). The set had Chattogram, Jashore and Bogura already; Comilla became
 *   Cumilla and Barisal became Barishal, the district and its division alike; the division the set
 *   spells "Chattagram" (neither the old nor the new name) is Chattogram;
 * - "Coxsbazar" is "Cox's Bazar", the place's name (the set's spelling is its web address,
 *   coxsbazar.gov.bd).
 * No other district was renamed by that decision or since, so every other English name is the
 * set's: Brahmanbaria, Chapainawabganj, Jhalakathi, Moulvibazar, Narsingdi, Netrokona… are also
 * the districts' own portal addresses (jhalakathi.gov.bd, netrokona.gov.bd…). Some other
 * government pages write Jhalokati or Netrakona; the portals' addresses were taken as the
 * districts' own choice. The portals' pages themselves could not be read when this was written.
 *
 * Bangla names are in Unicode NFC: the set wrote ড় and য় sometimes as one code point and sometimes
 * as a letter with nukta, which look alike but compare unequal.
 *
 * A district's English `name` is the value the checkout form posts and the order stores. A name it
 * had before (`formerNames`) is still accepted wherever a name comes in (`findDistrict`: a form from
 * a page cached before the change, a browser's autofill, a search) and read as the current one;
 * stored orders were rewritten to the current names by the migration
 * prisma/migrations/20261126120000_official_district_names.
 */
import type { Lang } from "~/i18n";
import type { ShippingMethod } from "./shipping";

/** A division: the set's id, its current English name and its Bangla name. */
export type Division = { id: number; name: string; bnName: string };

/**
 * A district: the set's id, its division's id, its current English name and its Bangla name, and
 * the English names it was officially known by before (`formerNames`, empty for most).
 */
export type District = {
  id: number;
  divisionId: number;
  name: string;
  bnName: string;
  formerNames: readonly string[];
};

/** The 8 divisions, in the set's order (by id). */
export const DIVISIONS: readonly Division[] = [
  { id: 1, name: "Chattogram", bnName: "চট্টগ্রাম" },
  { id: 2, name: "Rajshahi", bnName: "রাজশাহী" },
  { id: 3, name: "Khulna", bnName: "খুলনা" },
  { id: 4, name: "Barishal", bnName: "বরিশাল" },
  { id: 5, name: "Sylhet", bnName: "সিলেট" },
  { id: 6, name: "Dhaka", bnName: "ঢাকা" },
  { id: 7, name: "Rangpur", bnName: "রংপুর" },
  { id: 8, name: "Mymensingh", bnName: "ময়মনসিংহ" },
];

/** The 64 districts, in the set's order (by id, grouped by division). */
export const DISTRICTS: readonly District[] = [
  { id: 1, divisionId: 1, name: "Cumilla", bnName: "কুমিল্লা", formerNames: ["Comilla"] },
  { id: 2, divisionId: 1, name: "Feni", bnName: "ফেনী", formerNames: [] },
  { id: 3, divisionId: 1, name: "Brahmanbaria", bnName: "ব্রাহ্মণবাড়িয়া", formerNames: [] },
  { id: 4, divisionId: 1, name: "Rangamati", bnName: "রাঙ্গামাটি", formerNames: [] },
  { id: 5, divisionId: 1, name: "Noakhali", bnName: "নোয়াখালী", formerNames: [] },
  { id: 6, divisionId: 1, name: "Chandpur", bnName: "চাঁদপুর", formerNames: [] },
  { id: 7, divisionId: 1, name: "Lakshmipur", bnName: "লক্ষ্মীপুর", formerNames: [] },
  { id: 8, divisionId: 1, name: "Chattogram", bnName: "চট্টগ্রাম", formerNames: ["Chittagong"] },
  { id: 9, divisionId: 1, name: "Cox's Bazar", bnName: "কক্সবাজার", formerNames: [] },
  { id: 10, divisionId: 1, name: "Khagrachhari", bnName: "খাগড়াছড়ি", formerNames: [] },
  { id: 11, divisionId: 1, name: "Bandarban", bnName: "বান্দরবান", formerNames: [] },
  { id: 12, divisionId: 2, name: "Sirajganj", bnName: "সিরাজগঞ্জ", formerNames: [] },
  { id: 13, divisionId: 2, name: "Pabna", bnName: "পাবনা", formerNames: [] },
  { id: 14, divisionId: 2, name: "Bogura", bnName: "বগুড়া", formerNames: ["Bogra"] },
  { id: 15, divisionId: 2, name: "Rajshahi", bnName: "রাজশাহী", formerNames: [] },
  { id: 16, divisionId: 2, name: "Natore", bnName: "নাটোর", formerNames: [] },
  { id: 17, divisionId: 2, name: "Joypurhat", bnName: "জয়পুরহাট", formerNames: [] },
  { id: 18, divisionId: 2, name: "Chapainawabganj", bnName: "চাঁপাইনবাবগঞ্জ", formerNames: [] },
  { id: 19, divisionId: 2, name: "Naogaon", bnName: "নওগাঁ", formerNames: [] },
  { id: 20, divisionId: 3, name: "Jashore", bnName: "যশোর", formerNames: ["Jessore"] },
  { id: 21, divisionId: 3, name: "Satkhira", bnName: "সাতক্ষীরা", formerNames: [] },
  { id: 22, divisionId: 3, name: "Meherpur", bnName: "মেহেরপুর", formerNames: [] },
  { id: 23, divisionId: 3, name: "Narail", bnName: "নড়াইল", formerNames: [] },
  { id: 24, divisionId: 3, name: "Chuadanga", bnName: "চুয়াডাঙ্গা", formerNames: [] },
  { id: 25, divisionId: 3, name: "Kushtia", bnName: "কুষ্টিয়া", formerNames: [] },
  { id: 26, divisionId: 3, name: "Magura", bnName: "মাগুরা", formerNames: [] },
  { id: 27, divisionId: 3, name: "Khulna", bnName: "খুলনা", formerNames: [] },
  { id: 28, divisionId: 3, name: "Bagerhat", bnName: "বাগেরহাট", formerNames: [] },
  { id: 29, divisionId: 3, name: "Jhenaidah", bnName: "ঝিনাইদহ", formerNames: [] },
  { id: 30, divisionId: 4, name: "Jhalakathi", bnName: "ঝালকাঠি", formerNames: [] },
  { id: 31, divisionId: 4, name: "Patuakhali", bnName: "পটুয়াখালী", formerNames: [] },
  { id: 32, divisionId: 4, name: "Pirojpur", bnName: "পিরোজপুর", formerNames: [] },
  { id: 33, divisionId: 4, name: "Barishal", bnName: "বরিশাল", formerNames: ["Barisal"] },
  { id: 34, divisionId: 4, name: "Bhola", bnName: "ভোলা", formerNames: [] },
  { id: 35, divisionId: 4, name: "Barguna", bnName: "বরগুনা", formerNames: [] },
  { id: 36, divisionId: 5, name: "Sylhet", bnName: "সিলেট", formerNames: [] },
  { id: 37, divisionId: 5, name: "Moulvibazar", bnName: "মৌলভীবাজার", formerNames: [] },
  { id: 38, divisionId: 5, name: "Habiganj", bnName: "হবিগঞ্জ", formerNames: [] },
  { id: 39, divisionId: 5, name: "Sunamganj", bnName: "সুনামগঞ্জ", formerNames: [] },
  { id: 40, divisionId: 6, name: "Narsingdi", bnName: "নরসিংদী", formerNames: [] },
  { id: 41, divisionId: 6, name: "Gazipur", bnName: "গাজীপুর", formerNames: [] },
  { id: 42, divisionId: 6, name: "Shariatpur", bnName: "শরীয়তপুর", formerNames: [] },
  { id: 43, divisionId: 6, name: "Narayanganj", bnName: "নারায়ণগঞ্জ", formerNames: [] },
  { id: 44, divisionId: 6, name: "Tangail", bnName: "টাঙ্গাইল", formerNames: [] },
  { id: 45, divisionId: 6, name: "Kishoreganj", bnName: "কিশোরগঞ্জ", formerNames: [] },
  { id: 46, divisionId: 6, name: "Manikganj", bnName: "মানিকগঞ্জ", formerNames: [] },
  { id: 47, divisionId: 6, name: "Dhaka", bnName: "ঢাকা", formerNames: [] },
  { id: 48, divisionId: 6, name: "Munshiganj", bnName: "মুন্সিগঞ্জ", formerNames: [] },
  { id: 49, divisionId: 6, name: "Rajbari", bnName: "রাজবাড়ী", formerNames: [] },
  { id: 50, divisionId: 6, name: "Madaripur", bnName: "মাদারীপুর", formerNames: [] },
  { id: 51, divisionId: 6, name: "Gopalganj", bnName: "গোপালগঞ্জ", formerNames: [] },
  { id: 52, divisionId: 6, name: "Faridpur", bnName: "ফরিদপুর", formerNames: [] },
  { id: 53, divisionId: 7, name: "Panchagarh", bnName: "পঞ্চগড়", formerNames: [] },
  { id: 54, divisionId: 7, name: "Dinajpur", bnName: "দিনাজপুর", formerNames: [] },
  { id: 55, divisionId: 7, name: "Lalmonirhat", bnName: "লালমনিরহাট", formerNames: [] },
  { id: 56, divisionId: 7, name: "Nilphamari", bnName: "নীলফামারী", formerNames: [] },
  { id: 57, divisionId: 7, name: "Gaibandha", bnName: "গাইবান্ধা", formerNames: [] },
  { id: 58, divisionId: 7, name: "Thakurgaon", bnName: "ঠাকুরগাঁও", formerNames: [] },
  { id: 59, divisionId: 7, name: "Rangpur", bnName: "রংপুর", formerNames: [] },
  { id: 60, divisionId: 7, name: "Kurigram", bnName: "কুড়িগ্রাম", formerNames: [] },
  { id: 61, divisionId: 8, name: "Sherpur", bnName: "শেরপুর", formerNames: [] },
  { id: 62, divisionId: 8, name: "Mymensingh", bnName: "ময়মনসিংহ", formerNames: [] },
  { id: 63, divisionId: 8, name: "Jamalpur", bnName: "জামালপুর", formerNames: [] },
  { id: 64, divisionId: 8, name: "Netrokona", bnName: "নেত্রকোণা", formerNames: [] },
];

/** Each district by its current English name and by each of its former ones. */
const BY_NAME = new Map(
  DISTRICTS.flatMap((district) => [district.name, ...district.formerNames].map((name) => [name, district] as const)),
);

/**
 * The district whose current or former English name is exactly `name` (as the checkout form posts
 * it: case and spaces count), or undefined. A former name finds the district under its current
 * name: `findDistrict("Comilla")?.name` is "Cumilla".
 */
export function findDistrict(name: string): District | undefined {
  return BY_NAME.get(name);
}

/** A name as typed into a search box, compared: trimmed, inner spaces as one, lower case, NFC. */
function searchForm(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

const BY_SEARCH_FORM = new Map(
  DISTRICTS.flatMap((district) =>
    [district.name, ...district.formerNames, district.bnName].map((name) => [searchForm(name), district] as const),
  ),
);

/**
 * The district a search text names, whole: its current or former English name in any case
 * ("comilla", "CUMILLA") or its Bangla name ("কুমিল্লা"), spaces around it aside; undefined for
 * anything else, a part of a name included ("Cumil").
 */
export function districtSearched(text: string): District | undefined {
  return BY_SEARCH_FORM.get(searchForm(text));
}

/** The name of a district or division in `lang`: English, or Bangla on Bangla pages. */
export function placeName(place: Division | District, lang: Lang): string {
  return lang === "bn" ? place.bnName : place.name;
}

/** The districts of one division, for an `<optgroup>`. */
export type DistrictGroup = { division: Division; districts: District[] };

/**
 * Every district grouped by division, for the checkout's district select: divisions and the
 * districts in each sorted by their name in `lang` (Intl.Collator, the same order on the server
 * and in the browser). Every division has districts.
 */
export function districtGroups(lang: Lang): DistrictGroup[] {
  const collator = new Intl.Collator(lang);
  const byName = (a: Division | District, b: Division | District) =>
    collator.compare(placeName(a, lang), placeName(b, lang));
  return [...DIVISIONS].sort(byName).map((division) => ({
    division,
    districts: DISTRICTS.filter((district) => district.divisionId === division.id).sort(byName),
  }));
}

/** The district whose deliveries are "Inside Dhaka": Dhaka district alone. */
const INSIDE_DHAKA_DISTRICT = "Dhaka";

/**
 * The shipping method (delivery zone) of a district, which decides the shipping fee: "Inside
 * Dhaka" for Dhaka district, "Outside Dhaka" for every other of the 64 (a former name counts as
 * its district); null for a name that is none of them (orders placed before haat asked for the
 * district have ""). The district decides, on the server, whatever a form sends: a shopper in
 * Chattogram who leaves the form's default "Inside Dhaka" ticked still pays the outside fee
 * (docs/decisions/055-the-district-decides-the-delivery-fee.md).
 */
export function shippingMethodOf(districtName: string): ShippingMethod | null {
  const district = findDistrict(districtName);
  if (!district) return null;
  return district.name === INSIDE_DHAKA_DISTRICT ? "Inside Dhaka" : "Outside Dhaka";
}

/**
 * For an order as stored (its district, "" or null for none, and its shipping method): the shipping
 * method its district gives when the stored one is another, else null. Such an order was placed
 * before the district decided the fee, with the form's zone; the admin order page flags it.
 */
export function shippingMethodMismatch(order: {
  district: string | null;
  shippingMethod: string;
}): ShippingMethod | null {
  const method = shippingMethodOf(order.district ?? "");
  return method !== null && method !== order.shippingMethod ? method : null;
}
