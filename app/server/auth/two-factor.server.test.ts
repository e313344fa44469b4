/**
 * Held sign-ins (the step between password and code), stored in the database: at most 3 per
 * account, each spent once, and the same in every server process. "Two processes" here are two
 * instances of this module, loaded apart with vi.resetModules(), each with its own memory, as two
 * processes of a cluster have; they share only the database, as those do.
 */
import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/models/db/client.server";
import type * as twoFactor from "./two-factor.server";
import { heldSignIn, holdSignIn, restoreHeldSignIn, spendHeldSignIn } from "./two-factor.server";

/** The second step's request carrying the cookie of a Set-Cookie header value. */
const requestWith = (setCookie: string) =>
  new Request("http://localhost:3000/admin/two-factor", { headers: { Cookie: setCookie.split(";")[0]! } });

let counter = 0;
/** A new staff account's id (held sign-ins belong to an account). */
async function newAccount(): Promise<number> {
  const user = await prisma.adminUser.create({
    data: { email: `held${++counter}-${Date.now()}@haat.example`, passwordHash: "not-a-hash" },
  });
  return user.id;
}

/** Another instance of this module, with memory of its own: what a second server process loads. */
async function otherProcess(): Promise<typeof twoFactor> {
  vi.resetModules();
  return import("./two-factor.server");
}

describe("held sign-ins", () => {
  it("keep at most 3 per account: a fourth replaces that account's oldest, and other accounts keep theirs", async () => {
    const [ownerId, staffId] = [await newAccount(), await newAccount()];
    const owner = await holdSignIn(ownerId, "/admin/orders");
    const staff = [];
    for (let i = 0; i < 4; i++) staff.push(await holdSignIn(staffId, "/admin/orders"));
    expect(await heldSignIn(requestWith(staff[0]!))).toBeNull();
    for (const cookie of staff.slice(1)) expect(await heldSignIn(requestWith(cookie))).not.toBeNull();
    expect(await heldSignIn(requestWith(owner))).toMatchObject({ userId: ownerId, redirectTo: "/admin/orders" });
  });

  it("a colleague signing in again and again never pushes out the owner's held sign-in", async () => {
    const [ownerId, staffId] = [await newAccount(), await newAccount()];
    const owner = await holdSignIn(ownerId, "/admin/settings");
    for (let i = 0; i < 50; i++) await holdSignIn(staffId, "/admin/orders");
    const held = await heldSignIn(requestWith(owner));
    expect(held).toMatchObject({ userId: ownerId, redirectTo: "/admin/settings" });
    expect(await spendHeldSignIn(held!)).toBe(true);
    expect(await prisma.heldSignIn.count({ where: { userId: staffId } })).toBe(3);
  });

  it("is spent once, and a spent one given back can be spent again", async () => {
    const cookie = await holdSignIn(await newAccount(), "/admin/orders");
    const held = (await heldSignIn(requestWith(cookie)))!;
    expect(await spendHeldSignIn(held)).toBe(true);
    expect(await spendHeldSignIn(held)).toBe(false);
    expect(await heldSignIn(requestWith(cookie))).toBeNull();
    await restoreHeldSignIn(held);
    expect(await heldSignIn(requestWith(cookie))).not.toBeNull();
    expect(await spendHeldSignIn(held)).toBe(true);
  });

  it("of parallel spends of one cookie, exactly one wins", async () => {
    const cookie = await holdSignIn(await newAccount(), "/admin/orders");
    const held = (await heldSignIn(requestWith(cookie)))!;
    const spent = await Promise.all(Array.from({ length: 5 }, () => spendHeldSignIn(held)));
    expect(spent.filter(Boolean)).toHaveLength(1);
  });
});

describe("held sign-ins in two server processes", () => {
  it("one held by the password step in one process is found, and spent once, in the other (regression: it lived in one process's memory)", async () => {
    const first = await otherProcess();
    const second = await otherProcess();
    expect(second).not.toBe(first);
    const cookie = await first.holdSignIn(await newAccount(), "/admin/orders");

    const held = await second.heldSignIn(requestWith(cookie));
    expect(held).not.toBeNull();
    expect(await second.spendHeldSignIn(held!)).toBe(true);
    // The copy of the cookie, sent to the first process afterwards, is worth nothing there.
    expect(await first.heldSignIn(requestWith(cookie))).toBeNull();
    expect(await first.spendHeldSignIn(held!)).toBe(false);
  });
});
