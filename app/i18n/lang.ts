/** The shop's languages: English and Bangla. English pages have no prefix, Bangla ones `/bn`. */
export const LANGUAGES = ["en", "bn"] as const;
export type Lang = (typeof LANGUAGES)[number];
