/**
 * Password hashing with argon2id (`@node-rs/argon2`, OWASP's recommended parameters:
 * 19 MiB memory, 2 iterations, parallelism 1). Hashes are PHC strings that carry their parameters,
 * so stronger settings later still verify old hashes.
 */
import { hash, verify } from "@node-rs/argon2";

// The library's default algorithm is argon2id (its const enum cannot be imported under isolatedModules).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password; returns an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false (never throws) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when no user exists, so timing does not reveal which e-mails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("haat-dummy-password-for-timing");
  return dummyHash;
}
