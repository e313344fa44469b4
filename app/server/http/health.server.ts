/**
 * The health check behind `GET /healthz` (app/routes/healthz.ts), for a reverse proxy or a process
 * manager (docs/decisions/032-operations.md):
 * - the database answers a read of a real table within `HEALTH_TIMEOUT_MS`;
 * - the uploads storage takes a small object, written and then removed (`UploadsStorage.probe`): in
 *   the folder (made if absent, as the first upload would; a permission check alone would pass for
 *   root on a read-only disk) or in the bucket (a write, not HeadBucket: see storage-s3.server.ts),
 *   within the same timeout, after which the request is aborted. Since anyone may ask, and a
 *   bucket's writes are paid for, the process's storage is probed at most once per window
 *   (`createStorageProbe`: a success answers for PROBE_OK_MS, a failure for PROBE_FAILING_MS;
 *   concurrent checks share one probe), so a flood of /healthz makes one PUT and one DELETE every
 *   30 s, not two per request.
 * The report names each part "ok" or "failing", and which storage holds the pictures ("local" or
 * "s3"), and nothing else: no path, bucket, version, error text or setting, since anyone may ask.
 */
import { createUploadsStorage, uploadsStorage, type UploadsStorage } from "~/server/media/storage.server";

/** How long each part of the check may take before it counts as failing, in ms. */
const HEALTH_TIMEOUT_MS = 2000;

/** How long a successful probe of the uploads storage stands for it, in ms (a request waits for no probe meanwhile). */
export const PROBE_OK_MS = 30_000;

/**
 * How long a failed probe stands, in ms: shorter, so that a storage that comes back is reported
 * healthy within seconds (a process manager or proxy waits on it), still bounded under a flood.
 */
export const PROBE_FAILING_MS = 5_000;

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
 * A storage's state as /healthz reports it, probed at most once per window: `check` answers the
 * last probe's result while it stands (PROBE_OK_MS after a success, PROBE_FAILING_MS after a
 * failure, from when it ended), joins the probe under way if there is one, and otherwise starts
 * one (`storage.probe`, aborted after `timeoutMs`).
 */
export type StorageProbe = {
  readonly kind: UploadsStorage["kind"];
  check(timeoutMs: number): Promise<PartState>;
  /** Probes started so far (for tests). */
  readonly probes: number;
};

/**
 * A `StorageProbe` of `storage`. `now` is the clock (ms), for tests; the windows are PROBE_OK_MS
 * and PROBE_FAILING_MS unless given.
 */
export function createStorageProbe(
  storage: UploadsStorage,
  { now = Date.now, okMs = PROBE_OK_MS, failingMs = PROBE_FAILING_MS } = {},
): StorageProbe {
  let last: { state: PartState; at: number } | null = null;
  let running: Promise<PartState> | null = null;
  let probes = 0;
  return {
    kind: storage.kind,
    check(timeoutMs) {
      if (last && now() - last.at < (last.state === "ok" ? okMs : failingMs)) return Promise.resolve(last.state);
      if (!running) {
        probes += 1;
        running = within((signal) => storage.probe(signal), timeoutMs).then((state) => {
          last = { state, at: now() };
          running = null;
          return state;
        });
      }
      return running;
    },
    get probes() {
      return probes;
    },
  };
}

let processProbe: StorageProbe | undefined;

/** The probe of this process's uploads storage (`uploadsStorage()`), made on first use and kept. */
export function uploadsProbe(): StorageProbe {
  processProbe ??= createStorageProbe(uploadsStorage());
  return processProbe;
}

/**
 * Checks the database with `probeDatabase` (app/models/connection.server.ts: a read of the shop's
 * settings row, which every page needs; on every check) and the uploads storage with its probe (a
 * 1-byte object written and removed; at most once per window when given a `StorageProbe`). Each
 * part gets `timeoutMs` (ms). Never throws: a failure is reported as "failing".
 *
 * @param uploads the process's probe (`uploadsProbe()`), or a storage or the absolute path of a
 *   local uploads folder, probed now.
 */
export async function checkHealth(
  probeDatabase: () => Promise<void>,
  uploads: StorageProbe | UploadsStorage | string,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  const probe =
    typeof uploads === "string"
      ? createStorageProbe(createUploadsStorage({ kind: "local", root: uploads }))
      : "check" in uploads
        ? uploads
        : createStorageProbe(uploads);
  const [databaseState, uploadsState] = await Promise.all([within(probeDatabase, timeoutMs), probe.check(timeoutMs)]);
  return {
    status: databaseState === "ok" && uploadsState === "ok" ? "ok" : "failing",
    database: databaseState,
    uploads: uploadsState,
    uploadsStorage: probe.kind,
  };
}
