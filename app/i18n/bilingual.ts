import type { Lang } from "./lang";

/** An area's messages in both languages: the same keys in English and Bangla. */
export type Bilingual<Key extends string> = Record<Lang, Record<Key, string>>;

/**
 * An area's messages, `{ en, bn }`: the shape of every message module (app/i18n/*-messages.ts,
 * app/i18n/admin/*.ts). The English keys are the area's keys; TypeScript refuses a Bangla side that
 * misses one or adds one. Returns `messages` as it is (typing only, nothing is copied).
 */
export function bilingual<Key extends string>(messages: {
  en: Record<Key, string>;
  bn: Record<NoInfer<Key>, string>;
}): Bilingual<Key> {
  return messages;
}
