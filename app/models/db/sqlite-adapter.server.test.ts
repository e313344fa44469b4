/**
 * The adapter's reuse of prepared statements, on a real SQLite database: the same SQL text is
 * compiled once, each use binds its own parameters, and the results, errors and raw reads are
 * those of a statement prepared anew, as Prisma's better-sqlite3 adapter uses them
 * (`prepare(sql).bind(args)`, then `run()`, or `columns()` and `raw().all()`).
 */
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reusePreparedStatements } from "~/models/db/sqlite-adapter.server";

let db: Database.Database;
let compiled: string[];

beforeEach(() => {
  db = new Database(":memory:");
  db.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, units INTEGER NOT NULL)");
  compiled = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    compiled.push(sql);
    return prepare(sql);
  }) as typeof db.prepare;
});

afterEach(() => db.close());

const INSERT = "INSERT INTO item (name, units) VALUES (?, ?)";
const SELECT = "SELECT id, name, units FROM item WHERE units >= ? ORDER BY id";

describe("reusePreparedStatements", () => {
  it("compiles each SQL text once, and every use binds its own parameters", () => {
    reusePreparedStatements(db, 10);
    for (const [name, units] of [
      ["fan", 3],
      ["lamp", 7],
      ["switch", 12],
    ] as const) {
      expect(db.prepare(INSERT).bind([name, units]).run().changes).toBe(1);
    }
    const atLeast = (units: number) => {
      const statement = db.prepare(SELECT).bind([units]);
      expect(statement.reader).toBe(true);
      expect(statement.columns().map((column) => column.name)).toEqual(["id", "name", "units"]);
      return statement.raw().all();
    };
    expect(atLeast(5)).toEqual([
      [2, "lamp", 7],
      [3, "switch", 12],
    ]);
    expect(atLeast(10)).toEqual([[3, "switch", 12]]);
    expect(atLeast(100)).toEqual([]);
    expect(compiled.filter((sql) => sql === INSERT)).toHaveLength(1);
    expect(compiled.filter((sql) => sql === SELECT)).toHaveLength(1);
  });

  it("keeps working after a use fails, with the same error as a fresh statement", () => {
    reusePreparedStatements(db, 10);
    db.prepare(INSERT).bind(["fan", 3]).run();
    expect(() => db.prepare(INSERT).bind(["fan", 4]).run()).toThrow(/UNIQUE constraint failed: item.name/);
    expect(() => db.prepare(INSERT).bind(["lamp"]).run()).toThrow(RangeError);
    expect(db.prepare(INSERT).bind(["lamp", 7]).run().changes).toBe(1);
    expect(db.prepare("SELECT name FROM item ORDER BY id").bind([]).raw().all()).toEqual([["fan"], ["lamp"]]);
  });

  it("tells a write from a read, and keeps no more than its bound", () => {
    reusePreparedStatements(db, 2);
    expect(db.prepare(INSERT).bind(["fan", 3]).reader).toBe(false);
    for (const units of [1, 2, 3]) db.prepare(`SELECT ${units} AS n`).bind([]).raw().all();
    db.prepare(INSERT).bind(["lamp", 7]).run();
    // Three other statements since: the INSERT was dropped and is compiled again.
    expect(compiled.filter((sql) => sql === INSERT)).toHaveLength(2);
  });

  it("answers with the new shape after the table changes (SQLite recompiles a reused statement)", () => {
    reusePreparedStatements(db, 10);
    db.prepare(INSERT).bind(["fan", 3]).run();
    const all = () => db.prepare("SELECT * FROM item").bind([]);
    expect(all().raw().all()).toEqual([[1, "fan", 3]]);
    db.exec("ALTER TABLE item ADD COLUMN sku TEXT NOT NULL DEFAULT 'F-1'");
    const after = all();
    expect(after.columns().map((column) => column.name)).toEqual(["id", "name", "units", "sku"]);
    expect(after.raw().all()).toEqual([[1, "fan", 3, "F-1"]]);
  });
});
