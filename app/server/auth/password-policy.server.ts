/**
 * Which new passwords haat accepts for staff accounts (docs/decisions/033-staff-roles.md): at least
 * 12 characters, at most 1024, and not easy to guess. "Easy to guess" is zxcvbn's judgement
 * (@zxcvbn-ts, offline): its dictionaries hold about 49,000 of the passwords most often found in
 * breaches, common English words and names, keyboard walks, dates and repeats, and it estimates the
 * guesses an attacker needs. A score under 3 (fewer than about 10^8 guesses) is refused, as are
 * passwords built from the account's own e-mail address or the shop's name.
 * The dictionaries (a few MB) are loaded on the first check only.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { AdminTranslate, MessageKey } from "~/i18n/admin";

/** Shortest accepted password, in characters (also what `npm run admin:create` asks). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest accepted password, in characters. */
export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn's lowest acceptable score (0–4). */
const MIN_SCORE = 3;

/** Why a password is refused. */
export type PasswordProblem = "too-short" | "too-long" | "too-common";

let checker: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn with the common and English dictionaries, made once. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
    });
  })();
  return checker;
}

/**
 * What is wrong with `password` as a new password, or null when it is acceptable. `context` lists
 * words that must not carry it (the account's e-mail, the shop's name): zxcvbn counts them as known.
 */
export async function passwordProblem(password: string, context: string[] = []): Promise<PasswordProblem | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "too-short";
  if ([...password].length > MAX_PASSWORD_LENGTH) return "too-long";
  const words = context.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const result = (await loadChecker()).check(password, words);
  return result.score < MIN_SCORE ? "too-common" : null;
}

/** The message of a refused password, in the staff member's language. */
export function passwordProblemMessage(problem: PasswordProblem, t: AdminTranslate): string {
  const keys: Record<PasswordProblem, MessageKey> = {
    "too-short": "admin.password.tooShort",
    "too-long": "admin.password.tooLong",
    "too-common": "admin.password.tooCommon",
  };
  return t(keys[problem]);
}
