/**
 * The restore's schema comparison (scripts/ops/backup-schema.ts): two spellings of one CREATE statement
 * compare equal, a real change does not, and the differences are named.
 */
import { describe, expect, it } from "vitest";
import { normaliseSql, schemaDifferences, type Schema } from "./backup-schema";

describe("normaliseSql", () => {
  it("reads white space, comments and identifier quotes as SQLite does", () => {
    const prisma = `CREATE TABLE "Order" (\n    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,\n    "note" TEXT -- staff only\n)`;
    expect(normaliseSql(prisma)).toBe("CREATE TABLE Order(id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,note TEXT)");
    expect(
      normaliseSql("CREATE TABLE [Order] ( `id` INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT , note /* x */ TEXT )"),
    ).toBe(normaliseSql(prisma));
    expect(normaliseSql('CREATE INDEX "a b" ON "T"("x")')).toBe('CREATE INDEX "a b" ON T(x)');
  });

  it("keeps string literals as written and tells different statements apart", () => {
    expect(normaliseSql("SELECT 'a  --b' ,  'it''s'")).toBe("SELECT 'a  --b','it''s'");
    expect(normaliseSql('CREATE INDEX "i" ON "Order"("phone")')).not.toBe(
      normaliseSql('CREATE INDEX "i" ON "Order"("phone", "id")'),
    );
    expect(normaliseSql("CREATE TRIGGER t BEFORE DELETE ON A BEGIN SELECT RAISE(ABORT, 'no'); END")).not.toBe(
      normaliseSql("CREATE TRIGGER t BEFORE DELETE ON A BEGIN SELECT 1; END"),
    );
  });
});

describe("schemaDifferences", () => {
  const schema = (...objects: [type: string, name: string, table: string, sql: string][]): Schema =>
    new Map(objects.map(([type, name, table, sql]) => [`${type} ${name}`, { type, name, table, sql }]));

  it("names what is extra, missing or changed, sorted; nothing for equal schemas", () => {
    const expected = schema(
      ["table", "Order", "Order", "CREATE TABLE Order(id)"],
      ["index", "Order_phone", "Order", "CREATE INDEX Order_phone ON Order(phone)"],
      ["trigger", "Audit_no_update", "AuditEvent", "CREATE TRIGGER …"],
    );
    expect(schemaDifferences(expected, expected)).toEqual([]);
    const actual = schema(
      ["table", "Order", "Order", "CREATE TABLE Order(id)"],
      ["index", "Order_phone", "Order", "CREATE INDEX Order_phone ON Order(phone,id)"],
      ["trigger", "Order_skim", "Order", "CREATE TRIGGER …"],
    );
    expect(schemaDifferences(actual, expected)).toEqual([
      "changed index Order_phone on Order",
      "extra trigger Order_skim on Order",
      "missing trigger Audit_no_update on AuditEvent",
    ]);
  });
});
