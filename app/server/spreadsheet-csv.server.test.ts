import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { spreadsheetCsv } from "./spreadsheet-csv.server";

const root = path.resolve(import.meta.dirname, "../..");

/** The source files (not tests) under `folder`, relative to the repository. */
function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`app${path.sep}generated`));
}

describe("the shop's one CSV writer", () => {
  it("puts every cell that starts with = + - @, a tab or a carriage return behind an apostrophe", () => {
    const risky = ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tTab", "\rReturn"];
    const text = spreadsheetCsv([risky, ["Lamp", "-20% off", "01712345678", ""]]);
    expect(parse(text, { relax_column_count: true })).toEqual([
      risky.map((cell) => `'${cell}`),
      ["Lamp", "'-20% off", "01712345678", ""],
    ]);
  });

  it("quotes as RFC 4180 asks, with a byte-order mark and CRLF when asked", () => {
    expect(spreadsheetCsv([["a,b", 'say "hi"', "two\nlines", "a\rb"]])).toBe(
      '"a,b","say ""hi""","two\nlines","a\rb"\n',
    );
    expect(spreadsheetCsv([["a"], ["b"]], { bom: true, crlf: true })).toBe("\uFEFFa\r\nb\r\n");
  });

  it("is the only module that writes CSV: no other imports csv-stringify", () => {
    const writers = ["app", "scripts", "prisma"]
      .flatMap(sources)
      .filter((file) => /from "csv-stringify/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(writers).toEqual([path.join("app", "server", "spreadsheet-csv.server.ts")]);
  });
});
