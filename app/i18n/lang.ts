/** The shop's languages: English and Bangla. English pages have no prefix, Bangla ones `/bn`. */
export const LANGUAGES = ["en", "bn"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The autonym of each language: a language is always offered in its own name (the language switches). */
export const AUTONYMS: Record<Lang, string> = { en: "English", bn: "বাংলা" };
