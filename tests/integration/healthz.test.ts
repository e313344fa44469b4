/**
 * GET /healthz against the worker's real database and uploads folder: healthy, then each part
 * broken for real (a table gone, a file that is not a database, an uploads path that is a file).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeDatabase } from "~/models/connection.server";
import { createPrismaClient } from "~/models/db/client.server";
import { loader } from "~/routes/healthz";
import { checkHealth } from "~/server/http/health.server";
import { withTableUnavailable } from "./helpers";

const uploadsDir = process.env.UPLOADS_DIR!;

describe("GET /healthz", () => {
  it("answers 200 with each part ok, not cached, and leaves nothing in the uploads folder", async () => {
    const answer = await loader();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ok", database: "ok", uploads: "ok", uploadsStorage: "local" });
    expect(fs.readdirSync(uploadsDir).filter((name) => name.startsWith(".healthz"))).toEqual([]);
  });

  it("answers 503 naming the database when it cannot be read, and says nothing else", async () => {
    const answer = await withTableUnavailable("ShopSettings", () => loader());
    expect(answer.status).toBe(503);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({
      status: "failing",
      database: "failing",
      uploads: "ok",
      uploadsStorage: "local",
    });
    expect(text).not.toMatch(/ShopSettings|no such table|\.db/);
  });

  it("reports a file that is not a database, and an uploads path that is not a folder", async () => {
    const dir = fs.mkdtempSync(path.join(path.dirname(uploadsDir), "healthz-"));
    const garbage = path.join(dir, "garbage.db");
    fs.writeFileSync(garbage, "this is not an SQLite file ".repeat(200));
    const notAFolder = path.join(dir, "uploads-file");
    fs.writeFileSync(notAFolder, "");
    const broken = createPrismaClient(garbage);
    try {
      expect(await checkHealth(() => probeDatabase(broken), uploadsDir)).toEqual({
        status: "failing",
        database: "failing",
        uploads: "ok",
        uploadsStorage: "local",
      });
      expect(await checkHealth(() => probeDatabase(), notAFolder)).toEqual({
        status: "failing",
        database: "ok",
        uploads: "failing",
        uploadsStorage: "local",
      });
      expect(await checkHealth(() => probeDatabase(), path.join(notAFolder, "uploads"))).toMatchObject({
        uploads: "failing",
      });
    } finally {
      await broken.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes an uploads folder that does not exist yet, as the first upload would", async () => {
    const fresh = path.join(path.dirname(uploadsDir), `healthz-fresh-${process.pid}`);
    try {
      expect(await checkHealth(() => probeDatabase(), fresh)).toEqual({
        status: "ok",
        database: "ok",
        uploads: "ok",
        uploadsStorage: "local",
      });
      expect(fs.statSync(fresh).isDirectory()).toBe(true);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
