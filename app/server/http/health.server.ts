/**
 * The health check behind `GET /healthz` (app/routes/healthz.ts), for a reverse proxy or a process
 * manager (docs/decisions/032-operations.md):
 * - the database answers a read of a real table within `HEALTH_TIMEOUT_MS`;
 * - the uploads folder (made if absent, as the first upload would) takes a small file, written and
 *   then removed: a permission check alone would pass for root on a read-only disk.
 * The report names each part "ok" or "failing" and nothing else: no path, version, error text or
 * setting, since anyone may ask.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** How long each part of the check may take before it counts as failing, in ms. */
const HEALTH_TIMEOUT_MS = 2000;

type PartState = "ok" | "failing";

/** What `GET /healthz` answers: `status` is "ok" only when every part is. */
export type HealthReport = { status: PartState; database: PartState; uploads: PartState };

/** Resolves to "ok" when `work` settles in time without an error, else "failing" (never rejects). */
async function within(work: () => Promise<unknown>, timeoutMs: number): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PartState>((resolve) => {
    timer = setTimeout(() => resolve("failing"), timeoutMs);
  });
  try {
    return await Promise.race([work().then((): PartState => "ok"), timeout]);
  } catch {
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the database with `probeDatabase` (app/models/connection.server.ts: a read of the shop's
 * settings row, which every page needs) and the folder `uploadsDir` (a 1-byte file written and
 * removed). Each part gets `timeoutMs` (ms). Never throws: a failure is reported as "failing".
 */
export async function checkHealth(
  probeDatabase: () => Promise<void>,
  uploadsDir: string,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  const probe = path.join(uploadsDir, `.healthz-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  const [databaseState, uploadsState] = await Promise.all([
    within(probeDatabase, timeoutMs),
    within(async () => {
      // A folder that does not exist yet is made, as the first upload would make it.
      await fs.mkdir(uploadsDir, { recursive: true });
      await fs.writeFile(probe, "1", { flag: "wx" });
      await fs.rm(probe);
    }, timeoutMs),
  ]);
  return {
    status: databaseState === "ok" && uploadsState === "ok" ? "ok" : "failing",
    database: databaseState,
    uploads: uploadsState,
  };
}
