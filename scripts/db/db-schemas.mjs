#!/usr/bin/env node
/**
 * One data model, two databases (docs/decisions/053-two-databases.md).
 *
 * `prisma/schema.prisma` is the one source of truth, written for SQLite (the default database, and
 * the path every Prisma tool looks at first). This script writes `prisma/postgresql/schema.prisma`
 * from it, changing only what PostgreSQL needs:
 * - the datasource's provider, and the generated client's folder (`app/generated/prisma-postgresql`:
 *   Prisma's client is compiled for one provider, so each database has its own, and
 *   app/models/db/client.server.ts picks one by DATABASE_URL's scheme);
 * - every `DateTime` field is `@db.Timestamptz(3)`: a point in time with its offset, to the
 *   millisecond, as SQLite's ISO-8601 text and JavaScript's Date hold it.
 *
 * CLI:
 *   node scripts/db/db-schemas.mjs            write prisma/postgresql/schema.prisma
 *   node scripts/db/db-schemas.mjs --check    exit 1 (and say so) when the written file is not what the
 *                                          source gives, as CI does through scripts/db/db-schemas.test.ts
 *
 * As a module: `postgresqlSchema(source)`, `POSTGRESQL_SCHEMA_PATH`, `SQLITE_SCHEMA_PATH`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The source schema (SQLite). */
export const SQLITE_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "schema.prisma");
/** The schema this script writes (PostgreSQL). */
export const POSTGRESQL_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "postgresql", "schema.prisma");

const HEADER = [
  "// GENERATED from prisma/schema.prisma by scripts/db/db-schemas.mjs: edit that file, then run",
  "// `npm run db:schemas` (docs/decisions/053-two-databases.md). CI fails when this file is stale.",
  "",
].join("\n");

/**
 * The PostgreSQL schema for the SQLite schema text `source`.
 * @throws {Error} when `source` lacks the parts this rewrite relies on (the SQLite datasource, the
 *   client generator's output), so a reshaped source schema fails loudly instead of half-converting.
 */
export function postgresqlSchema(source) {
  let text = source.replace(/\r\n/g, "\n");
  const replace = (pattern, replacement, what) => {
    if (!pattern.test(text)) throw new Error(`prisma/schema.prisma: cannot find ${what}`);
    text = text.replace(pattern, replacement);
  };
  replace(/(datasource db \{\s*provider\s*=\s*)"sqlite"/, '$1"postgresql"', 'the datasource\'s provider = "sqlite"');
  replace(
    /(generator client \{[^}]*output\s*=\s*)"\.\.\/app\/generated\/prisma"/,
    '$1"../../app/generated/prisma-postgresql"',
    'the client generator\'s output = "../app/generated/prisma"',
  );
  // A field line: name, type DateTime or DateTime?, then attributes. Comments and blank lines are
  // left as they are; a field that already names its native type keeps it.
  text = text.replace(/^(\s+\w+\s+DateTime\??)([^\n]*)$/gm, (line, field, rest) => {
    if (rest.includes("@db.")) return line;
    const [, attributes = "", comment = ""] = /^(.*?)(\s*\/\/.*)?$/.exec(rest) ?? [];
    return `${field}${attributes.trimEnd()} @db.Timestamptz(3)${comment}`;
  });
  return HEADER + text;
}

function main() {
  const check = process.argv.includes("--check");
  const expected = postgresqlSchema(fs.readFileSync(SQLITE_SCHEMA_PATH, "utf8"));
  const current = fs.existsSync(POSTGRESQL_SCHEMA_PATH) ? fs.readFileSync(POSTGRESQL_SCHEMA_PATH, "utf8") : null;
  if (check) {
    if (current !== expected) {
      console.error(
        "prisma/postgresql/schema.prisma is not what prisma/schema.prisma gives: run `npm run db:schemas`, then create the PostgreSQL migration (docs/decisions/053-two-databases.md).",
      );
      process.exit(1);
    }
    console.log("prisma/postgresql/schema.prisma is up to date.");
    return;
  }
  fs.mkdirSync(path.dirname(POSTGRESQL_SCHEMA_PATH), { recursive: true });
  if (current !== expected) fs.writeFileSync(POSTGRESQL_SCHEMA_PATH, expected);
  console.log(
    current === expected ? "prisma/postgresql/schema.prisma is up to date." : "Wrote prisma/postgresql/schema.prisma.",
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
