/**
 * The catalogue's change log on PostgreSQL (docs/decisions/053-two-databases.md): the same table
 * and the same rows as on SQLite, appended by triggers whoever writes (this node, another app node,
 * psql, a restore), read here into memory so that the page cache can ask synchronously on every
 * lookup, as it does on SQLite.
 *
 * A connection of its own LISTENs on `haat_catalogue_change` (the triggers notify at commit) and the
 * log is read after each notification, and once a second whatever happens (a lost notification, a
 * dropped connection): another node's write reaches this node's cache within milliseconds, a second
 * at most while the database answers.
 *
 * PostgreSQL hands out ids from a sequence when a row is written, and transactions commit in any
 * order, so a read can see id 11 before id 10 commits. Each row read gets this process's own
 * position instead (1, 2, 3… in the order this process saw them), which is what
 * `catalogueChangesAfter` pages by and what the page cache's contiguity check reads; an id skipped
 * in a read is a gap, read again each time until it arrives or until every transaction that was
 * running when it was first missed has ended (it was rolled back, or it was a sequence value never
 * used), so a slow transaction's change is never lost.
 */
import pg from "pg";
import type { CatalogueChange } from "./change";

/** The channel the change log's triggers notify (prisma/postgresql/migrations/…_database_rules). */
const CHANNEL = "haat_catalogue_change";
/** The listening connection's name in pg_stat_activity. */
export const APPLICATION_NAME = "haat catalogue changes";
/** How often the log is read without a notification, in ms. */
const POLL_EVERY_MS = 1000;
/** Changes kept in memory for the page cache to read; one that falls further behind drops every page. */
const KEEP_CHANGES = 10_000;
/** Rows read at most per query (more are read by the next query at once). */
const READ_LIMIT = 1000;
/** How long to wait before connecting again after the listening connection failed, in ms. */
const RECONNECT_AFTER_MS = 1000;
/**
 * How long after its last successful read the feed still vouches for what it holds, in ms: five
 * polls. Past it (a lost connection, a database that does not answer) the feed says it does not
 * know, and the page cache answers through the app instead of serving what may be stale.
 */
const TRUSTED_FOR_MS = 5 * POLL_EVERY_MS;

/** The settings' default low-stock threshold (prisma/schema.prisma), before the settings row exists. */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

type Row = Omit<CatalogueChange, "id" | "changedAt"> & { id: number; changedAt: string | number };

/**
 * The change log of one PostgreSQL database, followed from `start()` on. Changes made before then
 * need no reading: the page cache starts empty.
 */
export class PostgresChangeFeed {
  /** The changes seen, by this process's position (`id`), oldest first. */
  private changes: CatalogueChange[] = [];
  /** This process's position of the latest change seen. */
  private position = 0;
  /** The highest database id read so far. */
  private highestId = 0;
  /** Database ids missing below `highestId`, each with the first transaction id not yet begun when it was missed. */
  private gaps = new Map<number, bigint>();
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private closed = false;
  private started: Promise<void> | null = null;
  private begun = false;
  /** When the last read succeeded (performance.now(), ms); -Infinity before the first. */
  private lastReadAt = -Infinity;

  /**
   * @param url the database's `postgresql://` URL.
   * @param reportProblem told of a lost connection or a failed read (each retried on its own).
   */
  constructor(
    private readonly url: string,
    private readonly reportProblem: (error: unknown, message: string) => void,
  ) {}

  /**
   * Connects, listens and reads where the log stands. Resolves once the first read is done;
   * a failure is logged and retried in the background (until then the log reads as unchanged).
   */
  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  /**
   * Whether the feed knows every change committed up to a moment ago: it is connected and its last
   * read succeeded within TRUSTED_FOR_MS.
   */
  following(): boolean {
    return this.client !== null && performance.now() - this.lastReadAt < TRUSTED_FOR_MS;
  }

  /**
   * The changes after position `afterId`, oldest first, at most `limit` (see the module's comment).
   * @throws {Error} when the feed is not `following()`: it cannot say what changed.
   */
  changesAfter(afterId: number, limit: number): CatalogueChange[] {
    this.assertFollowing();
    const first = this.changes[0];
    if (!first) return [];
    const from = Math.max(0, afterId + 1 - first.id);
    return this.changes.slice(from, from + limit);
  }

  /**
   * This process's position of the latest change seen (0 before the first).
   * @throws {Error} when the feed is not `following()`.
   */
  version(): number {
    this.assertFollowing();
    return this.position;
  }

  private assertFollowing(): void {
    if (!this.following()) {
      throw new Error("The catalogue change log is not being followed: no answer from PostgreSQL lately");
    }
  }

  /**
   * Reads the log now, and resolves once what was committed before this call is in memory (for a
   * caller that has just written, or a test).
   */
  async readNow(): Promise<void> {
    await this.start();
    if (this.reading) {
      this.readAgain = true;
      await this.reading;
    }
    await this.read();
  }

  /** Stops listening and polling. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // Named, so that an operator sees it in pg_stat_activity (one per app process).
    const client = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME });
    client.on("notification", () => void this.read());
    client.on("error", (error) => this.lost(client, error));
    try {
      await client.connect();
      // A follower in the background, like the poll's timer: it never keeps the process alive (a
      // script that read the settings ends when its work does).
      (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
      if (!this.begun) {
        await this.begin();
        this.begun = true;
      }
      await this.read();
      this.timer ??= setInterval(() => void this.read(), POLL_EVERY_MS);
      this.timer.unref();
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The listening connection failed: note it, and connect again shortly. */
  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || (this.client !== null && this.client !== client)) return;
    this.client = null;
    client.end().catch(() => {});
    this.reportProblem(error, "The catalogue change log's connection to PostgreSQL failed; connecting again");
    setTimeout(() => void this.connect(), RECONNECT_AFTER_MS).unref();
  }

  /**
   * Where the log stands now: its highest id, and the ids missing among the last rows below it
   * (their transactions may still be running: they are gaps, read again until settled).
   */
  private async begin(): Promise<void> {
    const client = this.client!;
    const { rows } = await client.query<{ id: number | null; xmax: string }>(
      `SELECT c."id", pg_snapshot_xmax(pg_current_snapshot())::text AS "xmax"
         FROM (SELECT 1) AS "now"
         LEFT JOIN "CatalogueChange" c ON c."id" > (SELECT MAX("id") FROM "CatalogueChange") - $1
        ORDER BY c."id"`,
      [READ_LIMIT],
    );
    const ids = rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
    const xmax = BigInt(rows[0]?.xmax ?? "0");
    for (let index = 1; index < ids.length; index++) {
      for (let missing = ids[index - 1]! + 1; missing < ids[index]!; missing++) this.gaps.set(missing, xmax);
    }
    this.highestId = ids.at(-1) ?? 0;
  }

  /** Reads the rows not seen yet (one read at a time; a call during a read makes it read again). */
  private read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.readOnce();
        } while (this.readAgain && !this.closed);
      } catch (error) {
        if (!this.closed) this.reportProblem(error, "Reading the catalogue change log failed");
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const client = this.client;
    if (!client) return;
    for (;;) {
      const floor = this.gaps.size > 0 ? Math.min(...this.gaps.keys()) - 1 : this.highestId;
      const { rows } = await client.query<Row & { xmin: string; xmax: string }>(
        `SELECT c."id", c."kind", c."productId", c."variantStockBefore", c."variantStockAfter",
                c."productStockBefore", c."productStockAfter", c."trackStock", c."changedAt",
                COALESCE((SELECT "lowStockThreshold" FROM "ShopSettings" WHERE "id" = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})
                  AS "lowStockThreshold",
                pg_snapshot_xmin(pg_current_snapshot())::text AS "xmin",
                pg_snapshot_xmax(pg_current_snapshot())::text AS "xmax"
           FROM (SELECT 1) AS "now"
           LEFT JOIN "CatalogueChange" c ON c."id" > $1
          ORDER BY c."id" LIMIT $2`,
        [floor, READ_LIMIT],
      );
      const xmin = BigInt(rows[0]?.xmin ?? "0");
      const xmax = BigInt(rows[0]?.xmax ?? "0");
      let count = 0;
      for (const row of rows) {
        if (row.id === null) continue;
        count++;
        const id = Number(row.id);
        if (id <= this.highestId && !this.gaps.delete(id)) continue; // seen before
        for (let missing = this.highestId + 1; missing < id; missing++) this.gaps.set(missing, xmax);
        this.highestId = Math.max(this.highestId, id);
        this.add(row);
      }
      // A gap every transaction running when it was missed has left behind will never be filled.
      for (const [id, horizon] of this.gaps) if (xmin >= horizon) this.gaps.delete(id);
      if (count < READ_LIMIT) {
        this.lastReadAt = performance.now();
        return;
      }
    }
  }

  private add(row: Row): void {
    this.position++;
    this.changes.push({
      id: this.position,
      kind: row.kind,
      productId: row.productId,
      variantStockBefore: row.variantStockBefore,
      variantStockAfter: row.variantStockAfter,
      productStockBefore: row.productStockBefore,
      productStockAfter: row.productStockAfter,
      trackStock: row.trackStock,
      changedAt: Number(row.changedAt),
      lowStockThreshold: Number(row.lowStockThreshold),
    });
    if (this.changes.length > KEEP_CHANGES) this.changes.splice(0, this.changes.length - KEEP_CHANGES);
  }
}
