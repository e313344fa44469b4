/**
 * The health check behind `GET /healthz` (app/routes/healthz.ts), for a reverse proxy or a process
 * manager (docs/decisions/032-operations.md):
 * - the database answers a read of a real table within `HEALTH_TIMEOUT_MS`;
 * - the uploads storage takes a small object, written and then removed (`UploadsStorage.probe`): in
 *   the folder (made if absent, as the first upload would; a permission check alone would pass for
 *   root on a read-only disk) or in the bucket (a write, not HeadBucket: see storage-s3.server.ts),
 *   within the same timeout, after which the request is aborted.
 * The report names each part "ok" or "failing", and which storage holds the pictures ("local" or
 * "s3"), and nothing else: no path, bucket, version, error text or setting, since anyone may ask.
 */
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";

/** How long each part of the check may take before it counts as failing, in ms. */
const HEALTH_TIMEOUT_MS = 2000;

type PartState = "ok" | "failing";

/**
 * What `GET /healthz` answers: `status` is "ok" only when every part is; `uploadsStorage` says
 * where the pictures are kept ("local": UPLOADS_DIR, "s3": the bucket of UPLOADS_URL).
 */
export type HealthReport = {
  status: PartState;
  database: PartState;
  uploads: PartState;
  uploadsStorage: UploadsStorage["kind"];
};

/**
 * Resolves to "ok" when `work` settles in time without an error, else "failing" (never rejects).
 * `work` gets a signal that aborts once `timeoutMs` (ms) have passed.
 */
async function within(work: (signal: AbortSignal) => Promise<unknown>, timeoutMs: number): Promise<PartState> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PartState>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("failing");
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal).then((): PartState => "ok"), timeout]);
  } catch {
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the database with `probeDatabase` (app/models/connection.server.ts: a read of the shop's
 * settings row, which every page needs) and the uploads storage with its probe (a 1-byte object
 * written and removed). Each part gets `timeoutMs` (ms). Never throws: a failure is reported as
 * "failing".
 *
 * @param uploads the storage (`uploadsStorage()`), or the absolute path of a local uploads folder.
 */
export async function checkHealth(
  probeDatabase: () => Promise<void>,
  uploads: UploadsStorage | string,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  const storage = typeof uploads === "string" ? createUploadsStorage({ kind: "local", root: uploads }) : uploads;
  const [databaseState, uploadsState] = await Promise.all([
    within(probeDatabase, timeoutMs),
    within((signal) => storage.probe(signal), timeoutMs),
  ]);
  return {
    status: databaseState === "ok" && uploadsState === "ok" ? "ok" : "failing",
    database: databaseState,
    uploads: uploadsState,
    uploadsStorage: storage.kind,
  };
}
