import { describe, expect, it } from "vitest";
import { heldSignIn, holdSignIn, restoreHeldSignIn, spendHeldSignIn } from "./two-factor.server";

/** The second step's request carrying the cookie of a Set-Cookie header value. */
const requestWith = (setCookie: string) =>
  new Request("http://localhost:3000/admin/two-factor", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("held sign-ins", () => {
  it("keep at most 3 per account: a fourth replaces that account's oldest, and other accounts keep theirs", async () => {
    const owner = await holdSignIn(1, "/admin/orders");
    const staff = [];
    for (let i = 0; i < 4; i++) staff.push(await holdSignIn(2, "/admin/orders"));
    expect(await heldSignIn(requestWith(staff[0]!))).toBeNull();
    for (const cookie of staff.slice(1)) expect(await heldSignIn(requestWith(cookie))).not.toBeNull();
    expect(await heldSignIn(requestWith(owner))).toMatchObject({ userId: 1, redirectTo: "/admin/orders" });
  });

  it("a colleague signing in again and again never pushes out the owner's held sign-in", async () => {
    const owner = await holdSignIn(11, "/admin/settings");
    // More than the old global bound of 10,000 held sign-ins, all by one other account.
    for (let i = 0; i < 10_001; i++) await holdSignIn(12, "/admin/orders");
    const held = await heldSignIn(requestWith(owner));
    expect(held).toMatchObject({ userId: 11, redirectTo: "/admin/settings" });
    expect(spendHeldSignIn(held!)).toBe(true);
  });

  it("is spent once, and a spent one given back can be spent again", async () => {
    const cookie = await holdSignIn(21, "/admin/orders");
    const held = (await heldSignIn(requestWith(cookie)))!;
    expect(spendHeldSignIn(held)).toBe(true);
    expect(spendHeldSignIn(held)).toBe(false);
    expect(await heldSignIn(requestWith(cookie))).toBeNull();
    restoreHeldSignIn(held);
    expect(await heldSignIn(requestWith(cookie))).not.toBeNull();
    expect(spendHeldSignIn(held)).toBe(true);
  });
});
