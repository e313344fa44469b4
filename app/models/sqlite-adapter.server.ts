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
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import type BetterSqlite3 from "better-sqlite3";

/** The part of the better-sqlite3 connection used here (Prisma's adapter exposes it as `client`). */
type Connection = Pick<BetterSqlite3.Database, "inTransaction" | "exec">;

/** A mutual-exclusion lock granted in the order it was asked for. */
class FifoLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves, after every earlier holder has released, with this holder's release (idempotent). */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
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
 * alone, so releasing first ends a transaction SQLite still has open.
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

  constructor(adapter: SqlDriverAdapter) {
    const connection = (adapter as unknown as { client?: Connection }).client;
    if (typeof connection?.inTransaction !== "boolean") {
      throw new Error("Prisma's better-sqlite3 adapter no longer exposes its connection as `client`.");
    }
    this.adapterName = adapter.adapterName;
    this.#adapter = adapter;
    this.#connection = connection;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#plain(() => this.#adapter.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#plain(() => this.#adapter.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.#plain(() => this.#adapter.executeScript(script));
  }

  /**
   * Waits for the connection (earlier transactions and queries first), then begins a transaction
   * with `BEGIN IMMEDIATE`.
   *
   * @throws Error for an isolation level other than SERIALIZABLE (SQLite's only one).
   */
  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel !== undefined && isolationLevel !== "SERIALIZABLE") {
      throw new Error(`SQLite transactions are SERIALIZABLE; isolation level ${isolationLevel} is not supported.`);
    }
    const release = await this.#lock.acquire();
    try {
      await this.#adapter.executeRaw(statement("BEGIN IMMEDIATE"));
    } catch (error) {
      release();
      throw error;
    }
    return new SerialisedTransaction(this.#adapter, this.#connection, release);
  }

  dispose(): Promise<void> {
    return this.#adapter.dispose();
  }

  /** Runs one plain query once no transaction holds the connection. */
  async #plain<T>(run: () => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    try {
      return await run();
    } finally {
      release();
    }
  }
}

/**
 * The adapter factory for `new PrismaClient({ adapter })`: one better-sqlite3 connection to the
 * SQLite file at `databasePath` (absolute or relative to cwd), serialised as described above.
 */
export function createSqliteAdapterFactory(databasePath: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: `file:${databasePath}`, timeout: 5000 });
  return {
    provider: "sqlite",
    adapterName: factory.adapterName,
    connect: async () => new SerialisedAdapter(await factory.connect()),
  };
}
