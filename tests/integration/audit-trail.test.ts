/**
 * The audit trail (docs/decisions/035-audit-trail.md) against a real SQLite database: staff actions
 * are recorded with who, when and from where; a deleted order's whole history stays in the trail;
 * the table refuses changes and deletions; the owner's activity page filters it; a trail that cannot
 * be written does not stop the staff member's work.
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getEnv } from "~/config/env.server";
import { recordRefusedSignIn, REFUSED_SIGN_IN_CAP } from "~/models/auth/refused-sign-in.server";
import { prisma } from "~/models/db/client.server";
import { loader as activityLoader } from "~/routes/admin.activity";
import { loader as refusedLoader } from "~/routes/admin.activity_.refused";
import { action as blocklistAction } from "~/routes/admin.blocklist";
import { action as ordersAction } from "~/routes/admin.orders._index/route";
import { action as orderAction } from "~/routes/admin.orders.view.$id/route";
import { action as productsAction } from "~/routes/admin.products._index";
import { action as staffAction } from "~/routes/admin.staff/route";
import { action as loginAction } from "~/routes/admin_.login";
import { hashPassword } from "~/server/auth/password.server";
import {
  allowConsoleError,
  createAdmin,
  createProduct,
  get,
  post,
  run,
  runData,
  signedInJar,
  withInsertsFailing,
  withWritesFailing,
} from "./helpers";
import { placeOrder } from "./place-order";

const from = (address: string) => ({ clientAddress: address });
const eventsOf = (action: string) => prisma.auditEvent.findMany({ where: { action }, orderBy: { id: "asc" } });

describe("the audit trail", () => {
  it("records order work, a block, a new account and a failed sign-in with who, when and from where", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const lamp = await createProduct({ name: "Audit Lamp", pricePaisa: 70_000 });
    const orderId = await placeOrder([[lamp.variantId, 1]]);
    const started = Date.now();

    const view = `/admin/orders/view/${orderId}`;
    const params = { id: String(orderId) };
    await run(orderAction, post(view, { intent: "confirm" }, jar), params, from("203.0.113.9"));
    await run(orderAction, post(view, { intent: "note", body: "Called at 5 pm" }, jar), params, from("203.0.113.9"));
    await run(orderAction, post(view, { status: "shipped" }, jar), params, from("203.0.113.9"));
    await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01999000111", note: "fake" }, jar),
      {},
      from("203.0.113.9"),
    );
    await run(
      staffAction,
      post(
        "/admin/staff",
        { intent: "add", email: "audit.member@haat.example", role: "staff", password: "jute lamp cable river" },
        jar,
      ),
      {},
      from("203.0.113.9"),
    );
    await run(
      loginAction,
      post("/admin/login", { email: owner.email, password: "a wrong one" }),
      {},
      from("198.51.100.4"),
    );

    const events = await prisma.auditEvent.findMany({
      where: { id: { gt: 0 }, createdAt: { gte: new Date(started - 1000) } },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => event.action)).toEqual([
      "order.confirmed",
      "order.note-added",
      "order.status-changed",
      "phone.blocked",
      "staff.added",
      "sign-in.failed",
    ]);
    // The failed sign-in named an existing account: the trail's. (An unknown e-mail is not: below.)
    for (const event of events.slice(0, 5)) {
      expect(event).toMatchObject({ actorId: owner.id, actorEmail: owner.email, address: "203.0.113.9" });
      expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(events[1]).toMatchObject({ subjectType: "order", subjectId: orderId, summary: "Called at 5 pm" });
    expect(events[2]).toMatchObject({ summary: "shipped" });
    expect(events[3]).toMatchObject({ subjectType: "phone", summary: "01999000111" });
    expect(events[4]!.summary).toBe("audit.member@haat.example (staff)");
    expect(events[5]).toMatchObject({
      actorId: null,
      actorEmail: owner.email,
      address: "198.51.100.4",
      subjectType: "staff",
      subjectId: owner.id,
      summary: "invalid-credentials",
    });
    expect(JSON.stringify(events)).not.toContain("jute lamp cable river");
  });

  it("never keeps a password typed into the e-mail box of the sign-in form", async () => {
    await run(
      loginAction,
      post("/admin/login", { email: "my secret passphrase", password: "x" }),
      {},
      from("198.51.100.5"),
    );
    // It names no account: kept with the refused sign-ins, not in the trail.
    expect(await prisma.auditEvent.count({ where: { address: "198.51.100.5" } })).toBe(0);
    const [refused] = await prisma.refusedSignIn.findMany({ where: { address: "198.51.100.5" } });
    expect(refused).toMatchObject({
      email: "(not an e-mail address)",
      outcome: "failed",
      reason: "invalid-credentials",
    });
    expect(JSON.stringify(refused)).not.toContain("my secret passphrase");
  });

  it("keeps a deleted order whole: its line items, status history and notes", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const fan = await createProduct({ name: "Audit Fan", pricePaisa: 450_000 });
    const orderId = await placeOrder([[fan.variantId, 2]], { name: "Deleted Shopper" });
    await run(orderAction, post(`/admin/orders/view/${orderId}`, { intent: "note", body: "Fake order" }, jar), {
      id: String(orderId),
    });
    await run(
      ordersAction,
      post("/admin/orders?index", { intent: "delete", id: orderId }, jar),
      {},
      from("203.0.113.10"),
    );
    expect(await prisma.order.count({ where: { id: orderId } })).toBe(0);

    const [deleted] = await prisma.auditEvent.findMany({ where: { action: "order.deleted", subjectId: orderId } });
    expect(deleted).toMatchObject({
      actorId: owner.id,
      address: "203.0.113.10",
      summary: expect.stringContaining("Deleted Shopper"),
    });
    const { order } = JSON.parse(deleted!.details) as {
      order: {
        customerName: string;
        totalPaisa: number;
        items: { productName: string; quantity: number }[];
        statusChanges: { toStatus: string }[];
        notes: { body: string }[];
      };
    };
    expect(order.customerName).toBe("Deleted Shopper");
    expect(order.items).toMatchObject([{ productName: "Audit Fan", quantity: 2 }]);
    expect(order.statusChanges.map((change) => change.toStatus)).toEqual(["pending"]);
    expect(order.notes).toMatchObject([{ body: "Fake order" }]);
  });

  it("records a deleted product with what it was", async () => {
    const owner = await createAdmin();
    const product = await createProduct({ name: "Audit Switch", pricePaisa: 12_000 });
    await run(
      productsAction,
      post("/admin/products?index", { intent: "delete", id: product.id }, await signedInJar(owner.id)),
    );
    const [event] = await prisma.auditEvent.findMany({ where: { action: "product.deleted", subjectId: product.id } });
    expect(event!.summary).toBe("Audit Switch");
    expect(JSON.parse(event!.details)).toMatchObject({
      product: { name: "Audit Switch", defaultVariant: { id: product.variantId, pricePaisa: 12_000 } },
    });
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    const owner = await createAdmin();
    await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01999000222" }, await signedInJar(owner.id)),
    );
    const [event] = await eventsOf("phone.blocked");
    // SQLite's RAISE(ABORT) in the migration's triggers, reported by the driver with its message.
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => "done",
        (error: { message?: string; meta?: unknown }) => `${error.message ?? ""} ${JSON.stringify(error.meta ?? {})}`,
      );
    expect(
      await refusal(prisma.auditEvent.update({ where: { id: event!.id }, data: { summary: "nothing" } })),
    ).toContain("AuditEvent is append-only");
    expect(await refusal(prisma.auditEvent.deleteMany({}))).toContain("AuditEvent is append-only");
    expect(await refusal(prisma.$executeRawUnsafe(`DELETE FROM "AuditEvent" WHERE id = ${event!.id}`))).toContain(
      "AuditEvent is append-only",
    );
    expect(await prisma.auditEvent.count({ where: { id: event!.id } })).toBe(1);
  });

  it("is append-only against INSERT OR REPLACE, REPLACE INTO and an upsert: an existing row stays as it was", async () => {
    const owner = await createAdmin();
    await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01999000555" }, await signedInJar(owner.id)),
    );
    const [event] = await prisma.auditEvent.findMany({ where: { action: "phone.blocked", summary: "01999000555" } });
    const before = await prisma.auditEvent.findUniqueOrThrow({ where: { id: event!.id } });
    const refusal = (sql: string) =>
      prisma.$executeRawUnsafe(sql).then(
        () => "done",
        (error: { message?: string; meta?: unknown }) => `${error.message ?? ""} ${JSON.stringify(error.meta ?? {})}`,
      );
    const columns = `("id", "actorId", "actorEmail", "address", "action", "summary")`;
    const forged = `(${event!.id}, NULL, 'forger@haat.example', '192.0.2.66', 'phone.unblocked', 'rewritten')`;
    const sqlite = getEnv().databaseKind === "sqlite";
    for (const sql of [
      ...(sqlite
        ? [
            `INSERT OR REPLACE INTO "AuditEvent" ${columns} VALUES ${forged}`,
            `REPLACE INTO "AuditEvent" ${columns} VALUES ${forged}`,
            `INSERT OR REPLACE INTO "AuditEvent" ("rowid", "actorEmail", "action") VALUES (${event!.id}, 'forger@haat.example', 'phone.unblocked')`,
          ]
        : [`TRUNCATE "AuditEvent"`]),
      `INSERT INTO "AuditEvent" ${columns} VALUES ${forged} ON CONFLICT ("id") DO UPDATE SET "summary" = 'rewritten'`,
      // A hand-made id below 1 would shadow the id SQLite's triggers see for every ordinary insert.
      `INSERT INTO "AuditEvent" ("id", "actorEmail", "action") VALUES (-1, 'forger@haat.example', 'phone.unblocked')`,
    ]) {
      expect(await refusal(sql), sql).toMatch(
        /AuditEvent is append-only|AuditEvent ids are chosen by the database|AuditEvent_positive_id/,
      );
    }
    expect(await prisma.auditEvent.findUniqueOrThrow({ where: { id: event!.id } })).toEqual(before);
    expect(await prisma.auditEvent.count({ where: { actorEmail: "forger@haat.example" } })).toBe(0);

    // New rows still go in, with or without REPLACE, and the primary key is the table's only UNIQUE
    // constraint (another one would give REPLACE a second way to displace a row).
    await prisma.$executeRawUnsafe(
      `INSERT ${sqlite ? "OR REPLACE " : ""}INTO "AuditEvent" ("actorEmail", "action") VALUES ('new@haat.example', 'phone.blocked')`,
    );
    await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01999000556" }, await signedInJar(owner.id)),
    );
    expect(await prisma.auditEvent.count({ where: { summary: "01999000556" } })).toBe(1);
    const uniqueIndexes = sqlite
      ? (
          await prisma.$queryRawUnsafe<{ name: string; unique: bigint | number; origin: string }[]>(
            `PRAGMA index_list("AuditEvent")`,
          )
        ).filter((index) => Number(index.unique) === 1 && index.origin !== "pk")
      : await prisma.$queryRaw<{ name: string }[]>`
          SELECT i.relname AS "name" FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          WHERE x.indrelid = '"AuditEvent"'::regclass AND x.indisunique AND NOT x.indisprimary`;
    expect(uniqueIndexes).toEqual([]);
  });

  it("does not stop the work when the trail cannot be written, and says so in the log", async () => {
    allowConsoleError();
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const blocked = await withInsertsFailing("AuditEvent", () =>
      run(blocklistAction, post("/admin/blocklist", { intent: "block", phone: "01999000333" }, jar)),
    );
    await expect(blocked).toSetToast({
      kind: "success",
      message: "01999000333 is blocked: checkout will refuse its orders.",
    });
    expect(await prisma.blockedPhone.count({ where: { phone: "01999000333" } })).toBe(1);
  });
});

describe("the activity page", () => {
  it("is the owner's, and filters by who, what and day", async () => {
    const owner = await createAdmin();
    const ownerJar = await signedInJar(owner.id);
    const member = await prisma.adminUser.create({
      data: {
        email: `activity.member.${Date.now()}@haat.example`,
        role: "staff",
        passwordHash: await hashPassword("jute lamp cable river"),
      },
    });
    const memberJar = await signedInJar(member.id);
    expect((await run(activityLoader, get("/admin/activity", memberJar))).status).toBe(403);

    const lamp = await createProduct({ name: "Activity Lamp", pricePaisa: 50_000 });
    const orderId = await placeOrder([[lamp.variantId, 1]]);
    await run(orderAction, post(`/admin/orders/view/${orderId}`, { intent: "confirm" }, memberJar), {
      id: String(orderId),
    });
    await run(blocklistAction, post("/admin/blocklist", { intent: "block", phone: "01999000444" }, ownerJar));

    const byMember = await runData(activityLoader, get(`/admin/activity?who=${member.id}`, ownerJar));
    expect(byMember.rows.map((row) => [row.action, row.actorEmail])).toEqual([["order.confirmed", member.email]]);
    expect(byMember.actors.map((actor) => actor.id)).toEqual(expect.arrayContaining([owner.id, member.id]));
    const settingsToday = await runData(
      activityLoader,
      get(`/admin/activity?what=settings&from=${new Date().toISOString().slice(0, 10)}`, ownerJar),
    );
    expect(settingsToday.rows.some((row) => row.summary === "01999000444")).toBe(true);
    expect(
      settingsToday.rows.every(
        (row) =>
          row.action.startsWith("phone.") || row.action.startsWith("settings.") || row.action.startsWith("courier."),
      ),
    ).toBe(true);
    const longAgo = await runData(activityLoader, get("/admin/activity?to=2020-01-01", ownerJar));
    expect(longAgo).toMatchObject({ rows: [], total: 0, filters: { to: "2020-01-01" } });
    const junk = await runData(activityLoader, get("/admin/activity?who=abc&what=nope&from=2026-13-45", ownerJar));
    expect(junk.filters).toEqual({ who: "", what: "", from: "", to: "" });
  });
});

describe("refused sign-ins (docs/decisions/041-refused-sign-ins.md)", () => {
  const signIn = (address: string, email: string, password: string) =>
    run(loginAction, post("/admin/login", { email, password }), {}, from(address));
  /** The server log's JSON lines about sign-ins written while `work` runs. */
  async function signInLines(work: () => Promise<void>): Promise<Record<string, unknown>[]> {
    const lines: Record<string, unknown>[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      for (const text of String(chunk).split("\n")) {
        if (!text.startsWith("{")) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        if (line.event === "sign-in") lines.push(line);
      }
      return true;
    });
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return lines;
  }

  /**
   * Fake clocks from `hoursAhead` hours from now: each test its own minute of the limiters on all
   * addresses together, which live in memory for the whole file. `timers`: setTimeout too.
   */
  function clockAt(hoursAhead: number, timers: boolean) {
    vi.useFakeTimers({
      toFake: timers ? ["Date", "setTimeout", "clearTimeout"] : ["Date"],
      now: Date.now() + hoursAhead * 60 * 60 * 1000,
    });
    onTestFinished(() => {
      vi.useRealTimers();
    });
  }

  it("a flood of refused sign-ins adds no row to the trail, writes at most 100 rows a minute, and each attempt is counted once", async () => {
    // The clock stands still, so the account's back-off never runs out during the flood.
    clockAt(1, true);
    const admin = await createAdmin();
    const trailBefore = await prisma.auditEvent.count();
    const rowsBefore = await prisma.refusedSignIn.count();
    const attemptsBefore = (await prisma.refusedSignIn.aggregate({ _sum: { count: true } }))._sum.count ?? 0;

    // Five wrong passwords of an existing account: bounded by its back-off, so in the trail.
    for (let i = 0; i < 5; i++) expect((await signIn(`192.0.2.${i + 1}`, admin.email, `guess ${i}`)).status).toBe(401);
    expect(await prisma.auditEvent.count()).toBe(trailBefore + 5);

    // Unknown e-mails, each from its own address (no limit refuses them): not in the trail.
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`198.18.0.${i + 1}`, `nobody${i}@haat.example`, "guess")).status).toBe(401);
    }
    // Then 1,600 attempts refused by the back-off (what one client sent in 20 s before), from 64
    // addresses, 25 each; and one address alone sending 400.
    let refused = 0;
    for (let a = 0; a < 64; a++) {
      for (let i = 0; i < 25; i++)
        refused += (await signIn(`203.0.113.${a}`, admin.email, "guess")).status === 429 ? 1 : 0;
    }
    for (let i = 0; i < 400; i++)
      refused += (await signIn("198.51.100.99", admin.email, "guess")).status === 429 ? 1 : 0;
    expect(refused).toBe(2000);

    expect(await prisma.auditEvent.count()).toBe(trailBefore + 5);
    // In the minute of the flood: 100 rows, the first 20 unknown e-mails and 80 refusals.
    expect(await prisma.refusedSignIn.count()).toBe(rowsBefore + 100);

    // When the minute ends: one summary per address that passed its 20, and one for all addresses.
    // The summaries are written by timers; on PostgreSQL the write itself takes real time.
    await vi.advanceTimersByTimeAsync(61_000);
    await vi.waitFor(async () => {
      const all = await prisma.refusedSignIn.findMany({ where: { address: "*" } });
      expect(all).toMatchObject([{ outcome: "suppressed", reason: "all-addresses" }]);
      expect(await prisma.refusedSignIn.count({ where: { address: "198.51.100.99", outcome: "suppressed" } })).toBe(1);
      // Every address's summary is written (on PostgreSQL the timers' writes finish one by one).
      const { _sum } = await prisma.refusedSignIn.aggregate({ _sum: { count: true } });
      expect(_sum.count).toBe(attemptsBefore + 2020);
    });
    expect(await prisma.refusedSignIn.count()).toBeLessThanOrEqual(REFUSED_SIGN_IN_CAP);

    // The owner sees them, newest first, every attempt counted once; staff cannot.
    const owner = await signedInJar(admin.id);
    const page = await runData(refusedLoader, get("/admin/activity/refused", owner));
    expect(page.attempts).toBe(attemptsBefore + 2020);
    expect(page.rows[0]).toMatchObject({ outcome: "suppressed" });
    const member = await prisma.adminUser.create({
      data: { email: `refused.member.${Date.now()}@haat.example`, role: "staff", passwordHash: "x" },
    });
    expect((await run(refusedLoader, get("/admin/activity/refused", await signedInJar(member.id)))).status).toBe(403);
  });

  it("a flood from 50 addresses in a minute leaves an earlier attack's rows: 100 written, one summary of the rest", async () => {
    clockAt(3, true);
    const admin = await createAdmin();
    // An earlier attack, an hour ago, fills the table.
    const earlier = new Date(Date.now() - 60 * 60 * 1000);
    await prisma.refusedSignIn.deleteMany();
    await prisma.refusedSignIn.createMany({
      data: Array.from({ length: REFUSED_SIGN_IN_CAP }, () => ({
        email: "owner@haat.example",
        address: "192.0.2.200",
        outcome: "locked-out",
        reason: "account",
        createdAt: earlier,
      })),
    });
    for (let i = 0; i < 5; i++) await signIn(`192.0.2.${60 + i}`, admin.email, `guess ${i}`);
    // 50 addresses, each within its own 20 a minute: 1,000 refused attempts.
    for (let a = 0; a < 50; a++) {
      for (let i = 0; i < 20; i++) expect((await signIn(`198.51.${a}.1`, admin.email, "guess")).status).toBe(429);
    }
    const kept = () => prisma.refusedSignIn.count({ where: { address: "192.0.2.200" } });
    expect(await kept()).toBe(REFUSED_SIGN_IN_CAP - 100);
    await vi.advanceTimersByTimeAsync(61_000);
    await vi.waitFor(async () =>
      expect(await prisma.refusedSignIn.findMany({ where: { address: "*" } })).toMatchObject([
        { outcome: "suppressed", reason: "all-addresses", count: 900 },
      ]),
    );
    expect(await kept()).toBe(REFUSED_SIGN_IN_CAP - 101);
    expect(await prisma.refusedSignIn.count()).toBe(REFUSED_SIGN_IN_CAP);
  });

  it("counts an IPv6 address by its /64: 30 addresses of one /64 get 20 rows and one summary", async () => {
    clockAt(4, true);
    const admin = await createAdmin();
    for (let i = 0; i < 5; i++) await signIn(`192.0.2.${70 + i}`, admin.email, `guess ${i}`);
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`2001:db8:77:1:${i + 1}::9`, admin.email, "guess")).status).toBe(429);
    }
    const inNet = { address: { startsWith: "2001:db8:77:1:" } };
    expect(await prisma.refusedSignIn.count({ where: inNet })).toBe(20);
    await vi.advanceTimersByTimeAsync(61_000);
    await vi.waitFor(async () =>
      expect(await prisma.refusedSignIn.findMany({ where: { ...inNet, outcome: "suppressed" } })).toMatchObject([
        { address: "2001:db8:77:1::/64", count: 10 },
      ]),
    );
  });

  it("writes a refused sign-in and prunes the table in one transaction: when the prune fails, nothing is written", async () => {
    await prisma.refusedSignIn.deleteMany();
    await prisma.refusedSignIn.createMany({
      data: Array.from({ length: REFUSED_SIGN_IN_CAP }, () => ({
        email: "",
        address: "192.0.2.201",
        outcome: "failed",
      })),
    });
    // A real failure of the prune: the database refuses every delete from the table for a moment.
    await withWritesFailing({ table: "RefusedSignIn", event: "DELETE", message: "no delete" }, async () => {
      await expect(
        recordRefusedSignIn({ email: "", address: "192.0.2.202", outcome: "locked-out", reason: "account" }),
      ).rejects.toThrow();
    });
    expect(await prisma.refusedSignIn.count()).toBe(REFUSED_SIGN_IN_CAP);
    expect(await prisma.refusedSignIn.count({ where: { address: "192.0.2.202" } })).toBe(0);
    await recordRefusedSignIn({ email: "", address: "192.0.2.202", outcome: "locked-out", reason: "account" });
    expect(await prisma.refusedSignIn.count()).toBe(REFUSED_SIGN_IN_CAP);
    expect(await prisma.refusedSignIn.count({ where: { address: "192.0.2.202" } })).toBe(1);
  });

  it("writes at most 20 lines and rows a minute per address, then one summary of what it left out", async () => {
    clockAt(2, true);
    const admin = await createAdmin();
    const lines = await signInLines(async () => {
      for (let i = 0; i < 5; i++) await signIn(`192.0.2.${50 + i}`, admin.email, `guess ${i}`);
      for (let i = 0; i < 30; i++) expect((await signIn("198.51.100.77", admin.email, "guess")).status).toBe(429);
      // Another address has its own 20.
      expect((await signIn("198.51.100.78", admin.email, "guess")).status).toBe(429);
      await vi.advanceTimersByTimeAsync(61_000);
      vi.useRealTimers();
      await expect
        .poll(() => prisma.refusedSignIn.count({ where: { address: "198.51.100.77", outcome: "suppressed" } }))
        .toBe(1);
    });
    const from77 = lines.filter((line) => line.address === "198.51.100.77");
    expect(from77.filter((line) => line.outcome === "locked-out")).toHaveLength(20);
    expect(from77.filter((line) => line.outcome === "suppressed")).toMatchObject([
      { level: "warn", msg: "sign-in lines suppressed", suppressed: 10 },
    ]);
    expect(lines.filter((line) => line.address === "198.51.100.78")).toHaveLength(1);
    expect(
      await prisma.refusedSignIn.findMany({ where: { address: "198.51.100.77", outcome: "suppressed" } }),
    ).toMatchObject([{ count: 10, email: "" }]);
    expect(await prisma.refusedSignIn.count({ where: { address: "198.51.100.77", outcome: "locked-out" } })).toBe(20);
  });
});
