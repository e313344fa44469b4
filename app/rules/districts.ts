/**
 * Bangladesh's 8 divisions and 64 districts, in English and Bangla, for the delivery address at
 * checkout: the district a courier delivers to, and the shipping method it suggests.
 *
 * Source: the open data set nuhil/bangladesh-geocode (https://github.com/nuhil/bangladesh-geocode),
 * files divisions/divisions.json and districts/districts.json at commit
 * 5622f68bd07a98e076edcf8100bf0db6a75b9854 (17 March 2023). MIT licence, Copyright (c) 2014 Nuhil
 * Mehdy: docs/licences/bangladesh-geocode.txt. Written out here once as data (ids, division ids and
 * names are the set's; its coordinates and web addresses are left out), with these changes:
 * - the division "Chattagram" is "Chattogram", the spelling the set itself uses for the district
 *   and the official one since 2018 ("Chattagram" is neither that nor the older "Chittagong");
 * - the district "Coxsbazar" is "Cox's Bazar", the place's name (the set's spelling is its web
 *   address, coxsbazar.gov.bd);
 * - Bangla names are in Unicode NFC: the set wrote ড় and য় sometimes as one code point and
 *   sometimes as a letter with nukta, which look alike but compare unequal.
 * Every other spelling is the set's, older romanisations included (Barisal, Comilla, Jhalakathi,
 * Chapainawabganj, Brahmanbaria): they are the districts' own web addresses and what couriers
 * recognise.
 *
 * A district's English `name` is the value the checkout form posts and the order stores: keep
 * these names stable, since stored orders and exports carry them.
 */
import type { Lang } from "~/i18n";
import type { ShippingMethod } from "./shipping";

/** A division: the set's id, its English and Bangla names. */
export type Division = { id: number; name: string; bnName: string };

/** A district: the set's id, its division's id, its English and Bangla names. */
export type District = { id: number; divisionId: number; name: string; bnName: string };

/** The 8 divisions, in the set's order (by id). */
export const DIVISIONS: readonly Division[] = [
  { id: 1, name: "Chattogram", bnName: "চট্টগ্রাম" },
  { id: 2, name: "Rajshahi", bnName: "রাজশাহী" },
  { id: 3, name: "Khulna", bnName: "খুলনা" },
  { id: 4, name: "Barisal", bnName: "বরিশাল" },
  { id: 5, name: "Sylhet", bnName: "সিলেট" },
  { id: 6, name: "Dhaka", bnName: "ঢাকা" },
  { id: 7, name: "Rangpur", bnName: "রংপুর" },
  { id: 8, name: "Mymensingh", bnName: "ময়মনসিংহ" },
];

/** The 64 districts, in the set's order (by id, grouped by division). */
export const DISTRICTS: readonly District[] = [
  { id: 1, divisionId: 1, name: "Comilla", bnName: "কুমিল্লা" },
  { id: 2, divisionId: 1, name: "Feni", bnName: "ফেনী" },
  { id: 3, divisionId: 1, name: "Brahmanbaria", bnName: "ব্রাহ্মণবাড়িয়া" },
  { id: 4, divisionId: 1, name: "Rangamati", bnName: "রাঙ্গামাটি" },
  { id: 5, divisionId: 1, name: "Noakhali", bnName: "নোয়াখালী" },
  { id: 6, divisionId: 1, name: "Chandpur", bnName: "চাঁদপুর" },
  { id: 7, divisionId: 1, name: "Lakshmipur", bnName: "লক্ষ্মীপুর" },
  { id: 8, divisionId: 1, name: "Chattogram", bnName: "চট্টগ্রাম" },
  { id: 9, divisionId: 1, name: "Cox's Bazar", bnName: "কক্সবাজার" },
  { id: 10, divisionId: 1, name: "Khagrachhari", bnName: "খাগড়াছড়ি" },
  { id: 11, divisionId: 1, name: "Bandarban", bnName: "বান্দরবান" },
  { id: 12, divisionId: 2, name: "Sirajganj", bnName: "সিরাজগঞ্জ" },
  { id: 13, divisionId: 2, name: "Pabna", bnName: "পাবনা" },
  { id: 14, divisionId: 2, name: "Bogura", bnName: "বগুড়া" },
  { id: 15, divisionId: 2, name: "Rajshahi", bnName: "রাজশাহী" },
  { id: 16, divisionId: 2, name: "Natore", bnName: "নাটোর" },
  { id: 17, divisionId: 2, name: "Joypurhat", bnName: "জয়পুরহাট" },
  { id: 18, divisionId: 2, name: "Chapainawabganj", bnName: "চাঁপাইনবাবগঞ্জ" },
  { id: 19, divisionId: 2, name: "Naogaon", bnName: "নওগাঁ" },
  { id: 20, divisionId: 3, name: "Jashore", bnName: "যশোর" },
  { id: 21, divisionId: 3, name: "Satkhira", bnName: "সাতক্ষীরা" },
  { id: 22, divisionId: 3, name: "Meherpur", bnName: "মেহেরপুর" },
  { id: 23, divisionId: 3, name: "Narail", bnName: "নড়াইল" },
  { id: 24, divisionId: 3, name: "Chuadanga", bnName: "চুয়াডাঙ্গা" },
  { id: 25, divisionId: 3, name: "Kushtia", bnName: "কুষ্টিয়া" },
  { id: 26, divisionId: 3, name: "Magura", bnName: "মাগুরা" },
  { id: 27, divisionId: 3, name: "Khulna", bnName: "খুলনা" },
  { id: 28, divisionId: 3, name: "Bagerhat", bnName: "বাগেরহাট" },
  { id: 29, divisionId: 3, name: "Jhenaidah", bnName: "ঝিনাইদহ" },
  { id: 30, divisionId: 4, name: "Jhalakathi", bnName: "ঝালকাঠি" },
  { id: 31, divisionId: 4, name: "Patuakhali", bnName: "পটুয়াখালী" },
  { id: 32, divisionId: 4, name: "Pirojpur", bnName: "পিরোজপুর" },
  { id: 33, divisionId: 4, name: "Barisal", bnName: "বরিশাল" },
  { id: 34, divisionId: 4, name: "Bhola", bnName: "ভোলা" },
  { id: 35, divisionId: 4, name: "Barguna", bnName: "বরগুনা" },
  { id: 36, divisionId: 5, name: "Sylhet", bnName: "সিলেট" },
  { id: 37, divisionId: 5, name: "Moulvibazar", bnName: "মৌলভীবাজার" },
  { id: 38, divisionId: 5, name: "Habiganj", bnName: "হবিগঞ্জ" },
  { id: 39, divisionId: 5, name: "Sunamganj", bnName: "সুনামগঞ্জ" },
  { id: 40, divisionId: 6, name: "Narsingdi", bnName: "নরসিংদী" },
  { id: 41, divisionId: 6, name: "Gazipur", bnName: "গাজীপুর" },
  { id: 42, divisionId: 6, name: "Shariatpur", bnName: "শরীয়তপুর" },
  { id: 43, divisionId: 6, name: "Narayanganj", bnName: "নারায়ণগঞ্জ" },
  { id: 44, divisionId: 6, name: "Tangail", bnName: "টাঙ্গাইল" },
  { id: 45, divisionId: 6, name: "Kishoreganj", bnName: "কিশোরগঞ্জ" },
  { id: 46, divisionId: 6, name: "Manikganj", bnName: "মানিকগঞ্জ" },
  { id: 47, divisionId: 6, name: "Dhaka", bnName: "ঢাকা" },
  { id: 48, divisionId: 6, name: "Munshiganj", bnName: "মুন্সিগঞ্জ" },
  { id: 49, divisionId: 6, name: "Rajbari", bnName: "রাজবাড়ী" },
  { id: 50, divisionId: 6, name: "Madaripur", bnName: "মাদারীপুর" },
  { id: 51, divisionId: 6, name: "Gopalganj", bnName: "গোপালগঞ্জ" },
  { id: 52, divisionId: 6, name: "Faridpur", bnName: "ফরিদপুর" },
  { id: 53, divisionId: 7, name: "Panchagarh", bnName: "পঞ্চগড়" },
  { id: 54, divisionId: 7, name: "Dinajpur", bnName: "দিনাজপুর" },
  { id: 55, divisionId: 7, name: "Lalmonirhat", bnName: "লালমনিরহাট" },
  { id: 56, divisionId: 7, name: "Nilphamari", bnName: "নীলফামারী" },
  { id: 57, divisionId: 7, name: "Gaibandha", bnName: "গাইবান্ধা" },
  { id: 58, divisionId: 7, name: "Thakurgaon", bnName: "ঠাকুরগাঁও" },
  { id: 59, divisionId: 7, name: "Rangpur", bnName: "রংপুর" },
  { id: 60, divisionId: 7, name: "Kurigram", bnName: "কুড়িগ্রাম" },
  { id: 61, divisionId: 8, name: "Sherpur", bnName: "শেরপুর" },
  { id: 62, divisionId: 8, name: "Mymensingh", bnName: "ময়মনসিংহ" },
  { id: 63, divisionId: 8, name: "Jamalpur", bnName: "জামালপুর" },
  { id: 64, divisionId: 8, name: "Netrokona", bnName: "নেত্রকোণা" },
];

const BY_NAME = new Map(DISTRICTS.map((district) => [district.name, district]));

/** The district whose English name is exactly `name` (as the checkout form posts it), or undefined. */
export function findDistrict(name: string): District | undefined {
  return BY_NAME.get(name);
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
 * The shipping method a district suggests: "Inside Dhaka" for Dhaka district, "Outside Dhaka" for
 * every other (and for a name not in the list). Only a suggestion: the shopper's chosen method is
 * what the server charges.
 */
export function suggestedShippingMethod(districtName: string): ShippingMethod {
  return districtName === INSIDE_DHAKA_DISTRICT ? "Inside Dhaka" : "Outside Dhaka";
}
