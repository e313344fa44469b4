/**
 * The driver adapter behind the Prisma client: Prisma's better-sqlite3 adapter on its one
 * connection, made safe to share between concurrent requests
 * (docs/decisions/020-one-connection-serialised.md).
 *
 * One FIFO lock guards the connection. A transaction holds it from its `BEGIN IMMEDIATE` to its
 * `COMMIT` or `ROLLBACK`; a plain (non-transaction) query holds it for its one statement. So a
 * plain query never runs inside another request's open transaction (where it would be rolled back
 * or committed with it, and would read its uncommitted rows): it waits for the transaction to end.
 * Prisma's own adapter serialises transactions but lets plain queries through.
 *
 * `BEGIN IMMEDIATE` takes SQLite's write lock when the transaction begins, so a transaction that
 * has begun cannot meet another writer half-way (in WAL mode a deferred transaction that read
 * first and then writes can fail with SQLITE_BUSY_SNAPSHOT, however long it waits).
 *
 * Another process may hold the write lock for a while (`npm run admin:create`, the `sqlite3`
 * shell). better-sqlite3 would wait for it inside SQLite, synchronously, freezing every request of
 * the process; so SQLite's busy timeout is 0 and a plain query or a `BEGIN IMMEDIATE` that finds the
 * database locked (SQLITE_BUSY) is tried again after a `setTimeout` back-off, without holding the
 * lock meanwhile, until its deadline (`BUSY_DEADLINE_MS` by default); then SQLite's busy error is
 * thrown as it would have been after a 5 s busy timeout.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type {
  DriverAdapterError,
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import type BetterSqlite3 from "better-sqlite3";
import { LRUCache } from "lru-cache";

/** The part of the better-sqlite3 connection used here (Prisma's adapter exposes it as `client`). */
type Connection = Pick<BetterSqlite3.Database, "inTransaction" | "exec" | "prepare">;

/**
 * How many prepared statements a connection keeps for reuse (distinct SQL texts, least recently
 * used dropped first). Prisma writes a handful of statement shapes per query; `IN (?,?,…)` lists
 * make one per length, so a busy shop settles at a few hundred. Each costs a few KB of SQLite's memory.
 */
const STATEMENT_CACHE_SIZE = 500;

/** How long a query, or a transaction's start, keeps retrying while another process holds the write lock, in ms. */
export const BUSY_DEADLINE_MS = 5000;

/** Options of `createSqliteAdapterFactory`. */
export type SqliteAdapterOptions = {
  /** How long to keep retrying a statement that finds the database locked, in ms; `BUSY_DEADLINE_MS` if absent. */
  busyDeadlineMs?: number;
};

/**
 * Whether `error` is SQLite's "database is locked" (SQLITE_BUSY or an extended code of it) as the
 * adapter throws it: a DriverAdapterError whose cause has `originalCode: "SQLITE_BUSY…"` (mapped to
 * kind "SocketTimeout"), or kind "sqlite" with such an `extendedCode`.
 */
function isBusy(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== "DriverAdapterError") return false;
  const cause = (error as DriverAdapterError).cause;
  if (typeof cause !== "object") return false;
  if (cause.originalCode?.startsWith("SQLITE_BUSY")) return true;
  return cause.kind === "sqlite" && (cause.extendedCode & 0xff) === 5;
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, sleeping (`setTimeout`) 2, 4, 8, 16, 32,
 * then 50 ms between attempts, for at most `deadlineMs` ms in all.
 *
 * @throws the last attempt's error when it is not SQLITE_BUSY, or when the deadline has passed.
 */
async function retryWhileBusy<T>(attempt: () => Promise<T>, deadlineMs: number): Promise<T> {
  const giveUpAt = performance.now() + deadlineMs;
  for (let delayMs = 2; ; delayMs = Math.min(delayMs * 2, 50)) {
    try {
      return await attempt();
    } catch (error) {
      const leftMs = giveUpAt - performance.now();
      if (!isBusy(error) || leftMs <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, leftMs)));
    }
  }
}

/**
 * What Prisma's better-sqlite3 adapter does with a statement: `prepare(sql).bind(args)`, then
 * `reader` and `run()`, or `columns()` and `raw().all()` (its `executeIO` and `performIO`).
 */
type BoundStatement = Pick<BetterSqlite3.Statement, "reader" | "columns" | "run" | "raw">;

/**
 * Makes `connection.prepare` reuse statements: the same SQL text returns (a use of) the statement
 * prepared the first time, from an LRU of `max` statements, instead of a new one.
 *
 * Prisma's adapter prepares every query anew, and SQLite compiles it to bytecode each time: 13 %
 * of the CPU of placing an order, and the same work on every read of every page
 * (docs/decisions/020-one-connection-serialised.md). Reusing a statement is SQLite's intended use
 * (https://www.sqlite.org/c3ref/stmt.html); it recompiles a reused statement by itself after a
 * schema change.
 *
 * better-sqlite3 allows `bind()` once per statement, so a reused statement is never bound: each
 * `bind(...params)` returns a use that passes `params` to `run` and `all` (the same binding rules),
 * and reads rows in raw mode (arrays), the only mode the adapter uses. A use is synchronous from
 * bind to result, so two uses never overlap on one statement.
 */
export function reusePreparedStatements(connection: Connection, max: number): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max });
  const reused = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    const prepared = statement;
    const bound = (params: unknown[]): BoundStatement => {
      // The rows are read when the columns or the rows are first asked for: SQLite recompiles a
      // reused statement after a schema change only when it runs, and only then do its columns
      // change, so reading first keeps the two in step.
      let rows: unknown[] | undefined;
      const read = () => (rows ??= prepared.raw(true).all(...params));
      return {
        reader: prepared.reader,
        columns: () => {
          read();
          return prepared.columns();
        },
        run: () => prepared.run(...params),
        raw: (toggle?: boolean) => {
          if (toggle === false) throw new Error("A reused statement reads raw rows only (as Prisma's adapter does).");
          return { all: read } as unknown as BetterSqlite3.Statement;
        },
      };
    };
    return { ...bound([]), bind: (...params: unknown[]) => bound(params) };
  };
  connection.prepare = reused as unknown as Connection["prepare"];
}

/** A mutual-exclusion lock granted in the order it was asked for. */
class FifoLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves, after every earlier holder has released, with this holder's release (idempotent). */
  acquire(): Promise<() => void> {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    return previous.then(() => release);
  }
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

/**
 * An open transaction: it holds the connection's lock until `commit()` or `rollback()`.
 * With `usePhantomQuery: false` Prisma sends `COMMIT` or `ROLLBACK` itself through `executeRaw`,
 * then calls `commit()` or `rollback()` to release; after a failed `COMMIT` it calls `rollback()`
 * alone, so both first roll back whatever SQLite still has open.
 */
class SerialisedTransaction implements Transaction {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly options = { usePhantomQuery: false };
  readonly #adapter: SqlDriverAdapter;
  readonly #connection: Connection;
  #release: (() => void) | null;

  constructor(adapter: SqlDriverAdapter, connection: Connection, release: () => void) {
    this.adapterName = adapter.adapterName;
    this.#adapter = adapter;
    this.#connection = connection;
    this.#release = release;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    this.#assertOpen();
    return this.#adapter.queryRaw(query);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    this.#assertOpen();
    return this.#adapter.executeRaw(query);
  }

  commit(): Promise<void> {
    return this.#end();
  }

  rollback(): Promise<void> {
    return this.#end();
  }

  async createSavepoint(name: string): Promise<void> {
    await this.executeRaw(statement(`SAVEPOINT ${name}`));
  }

  async rollbackToSavepoint(name: string): Promise<void> {
    await this.executeRaw(statement(`ROLLBACK TO ${name}`));
  }

  async releaseSavepoint(name: string): Promise<void> {
    await this.executeRaw(statement(`RELEASE SAVEPOINT ${name}`));
  }

  /** Rolls back what SQLite still has open (nothing after a successful COMMIT), then releases the lock. */
  #end(): Promise<void> {
    const release = this.#release;
    if (release === null) return Promise.resolve();
    this.#release = null;
    try {
      if (this.#connection.inTransaction) this.#connection.exec("ROLLBACK");
    } finally {
      release();
    }
    return Promise.resolve();
  }

  #assertOpen(): void {
    if (this.#release === null)
      throw new Error("This transaction has ended: its connection is no longer reserved for it.");
  }
}

/** Prisma's better-sqlite3 adapter with every use of the connection taken in turn. */
class SerialisedAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #adapter: SqlDriverAdapter;
  readonly #connection: Connection;
  readonly #lock = new FifoLock();
  readonly #busyDeadlineMs: number;

  constructor(adapter: SqlDriverAdapter, busyDeadlineMs: number) {
    const connection = (adapter as unknown as { client?: Connection }).client;
    if (typeof connection?.inTransaction !== "boolean") {
      throw new Error("Prisma's better-sqlite3 adapter no longer exposes its connection as `client`.");
    }
    // A web server's settings for SQLite (the journal is WAL already: scripts/db/migrate.mjs). In WAL
    // mode, synchronous=NORMAL syncs the file at checkpoints, not at every commit: a commit costs
    // no fsync, and a power cut can lose the last commits but never corrupt the database
    // (https://www.sqlite.org/pragma.html#pragma_synchronous). The busy timeout stays 0: see above.
    connection.exec("PRAGMA synchronous = NORMAL");
    reusePreparedStatements(connection, STATEMENT_CACHE_SIZE);
    this.adapterName = adapter.adapterName;
    this.#adapter = adapter;
    this.#connection = connection;
    this.#busyDeadlineMs = busyDeadlineMs;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#plain(() => this.#adapter.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#plain(() => this.#adapter.executeRaw(query));
  }

  /** Runs several statements once no transaction holds the connection; not retried, as it may have run in part. */
  async executeScript(script: string): Promise<void> {
    const release = await this.#lock.acquire();
    try {
      await this.#adapter.executeScript(script);
    } finally {
      release();
    }
  }

  /**
   * Waits for the connection (earlier transactions and queries first), then begins a transaction
   * with `BEGIN IMMEDIATE`, retried while another process holds the write lock.
   *
   * @throws Error for an isolation level other than SERIALIZABLE (SQLite's only one); SQLite's
   *   busy error (a DriverAdapterError) when the write lock stayed taken past the deadline.
   */
  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel !== undefined && isolationLevel !== "SERIALIZABLE") {
      throw new Error(`SQLite transactions are SERIALIZABLE; isolation level ${isolationLevel} is not supported.`);
    }
    const release = await retryWhileBusy(async () => {
      const release = await this.#lock.acquire();
      try {
        await this.#adapter.executeRaw(statement("BEGIN IMMEDIATE"));
        return release;
      } catch (error) {
        release();
        throw error;
      }
    }, this.#busyDeadlineMs);
    return new SerialisedTransaction(this.#adapter, this.#connection, release);
  }

  dispose(): Promise<void> {
    return this.#adapter.dispose();
  }

  /**
   * Runs one plain query once no transaction holds the connection, retried while another process
   * holds the write lock.
   *
   * @throws the query's error; SQLite's busy error when the write lock stayed taken past the deadline.
   */
  #plain<T>(run: () => Promise<T>): Promise<T> {
    return retryWhileBusy(async () => {
      const release = await this.#lock.acquire();
      try {
        return await run();
      } finally {
        release();
      }
    }, this.#busyDeadlineMs);
  }
}

/**
 * The adapter factory for `new PrismaClient({ adapter })`: one better-sqlite3 connection to the
 * SQLite file at `databasePath` (absolute or relative to cwd), with SQLite's busy timeout 0,
 * serialised and retried as described above.
 */
export function createSqliteAdapterFactory(
  databasePath: string,
  { busyDeadlineMs = BUSY_DEADLINE_MS }: SqliteAdapterOptions = {},
): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: `file:${databasePath}`, timeout: 0 });
  return {
    provider: "sqlite",
    adapterName: factory.adapterName,
    connect: async () => new SerialisedAdapter(await factory.connect(), busyDeadlineMs),
  };
}
