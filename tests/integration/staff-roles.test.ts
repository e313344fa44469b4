/**
 * Staff accounts and roles (docs/decisions/033-staff-roles.md) against a real SQLite database:
 * owner-only pages answer 403 to staff, staff cannot delete orders, the owner adds an account with a
 * first password (the password policy applies) that must be replaced first, disabling ends the
 * account's sessions at once and refuses its sign-in, and each person ends their own sessions.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { setAccountDisabled } from "~/models/auth/staff.server";
import { action as accountAction, loader as accountLoader } from "~/routes/admin.account/route";
import { action as blocklistAction, loader as blocklistLoader } from "~/routes/admin.blocklist";
import { action as courierAction, loader as courierLoader } from "~/routes/admin.courier";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { loader as productsLoader } from "~/routes/admin.products._index";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { action as staffAction, loader as staffLoader } from "~/routes/admin.staff/route";
import { action as loginAction } from "~/routes/admin_.login";
import { hashPassword } from "~/server/auth/password.server";
import { CookieJar, createAdmin, createProduct, get, post, run, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

let counter = 0;

/** A staff account (role "staff") with a password it chose, and a signed-in jar for it. */
async function createStaffMember(password = "jute lamp cable river") {
  const user = await prisma.adminUser.create({
    data: { email: `member${++counter}@haat.example`, role: "staff", passwordHash: await hashPassword(password) },
  });
  return { ...user, password, jar: await signedInJar(user.id) };
}

async function signIn(email: string, password: string, jar = new CookieJar()) {
  const answer = await run(
    loginAction,
    post("/admin/login", { email, password }, jar),
    {},
    { clientAddress: `10.9.0.${++counter}` },
  );
  jar.take(answer.headers);
  return { answer, jar };
}

describe("the owner's pages", () => {
  const ownerOnly = [
    { path: "/admin/settings", loader: settingsLoader, action: settingsAction },
    { path: "/admin/courier", loader: courierLoader, action: courierAction },
    { path: "/admin/blocklist", loader: blocklistLoader, action: blocklistAction },
    { path: "/admin/staff", loader: staffLoader, action: staffAction },
  ];

  it("answer 403 to staff, for reading and for writing, and change nothing", async () => {
    const member = await createStaffMember();
    for (const page of ownerOnly) {
      expect((await run(page.loader, get(page.path, member.jar))).status, page.path).toBe(403);
      const write = await run(
        page.action,
        post(
          page.path,
          { intent: "block", phone: "01711111111", email: "x@haat.example", role: "owner", password: "x" },
          member.jar,
        ),
      );
      expect(write.status, page.path).toBe(403);
    }
    expect(await prisma.blockedPhone.count({ where: { phone: "01711111111" } })).toBe(0);
    // What staff do every day still works.
    expect((await run(productsLoader, get("/admin/products", member.jar))).status).toBe(200);
    expect((await run(ordersLoader, get("/admin/orders", member.jar))).status).toBe(200);
  });

  it("open for an owner", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    for (const page of ownerOnly) expect((await run(page.loader, get(page.path, jar))).status, page.path).toBe(200);
  });
});

describe("deleting an order", () => {
  it("is refused to staff with a message, and the order stays; an owner deletes it", async () => {
    const lamp = await createProduct({ name: "Role Lamp", pricePaisa: 80_000 });
    const orderId = await placeOrder([[lamp.variantId, 1]]);
    const member = await createStaffMember();
    const list = await runData(ordersLoader, get(`/admin/orders?delete=${orderId}`, member.jar));
    expect(list.isOwner).toBe(false);
    expect(list.toDelete).toBeNull();
    const refused = await run(ordersAction, post("/admin/orders?index", { intent: "delete", id: orderId }, member.jar));
    await expect(refused).toSetToast({ kind: "error", message: "Only the shop's owner can delete orders." });
    expect(await prisma.order.count({ where: { id: orderId } })).toBe(1);

    const owner = await signedInJar((await createAdmin()).id);
    const deleted = await run(ordersAction, post("/admin/orders?index", { intent: "delete", id: orderId }, owner));
    await expect(deleted).toSetToast({ kind: "success", message: `Order #${orderId} was deleted.` });
    expect(await prisma.order.count({ where: { id: orderId } })).toBe(0);
  });
});

describe("adding an account", () => {
  it("refuses a common first password, a taken e-mail and a bad address, keeping what was typed", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const add = (fields: Record<string, string>) =>
      run(staffAction, post("/admin/staff", { intent: "add", ...fields }, jar));

    const common = await add({ email: "new.member@haat.example", role: "staff", password: "qwerty123456" });
    expect(common.status).toBe(400);
    expect(common.data).toMatchObject({
      values: { email: "new.member@haat.example", role: "staff" },
      fieldErrors: { password: expect.stringMatching(/^This password is too easy to guess/) },
    });
    expect(JSON.stringify(common.data)).not.toContain("qwerty123456");
    const short = await add({ email: "new.member@haat.example", role: "staff", password: "short pass" });
    expect(short.data).toMatchObject({ fieldErrors: { password: "Use at least 12 characters." } });
    const fromEmail = await add({ email: "rahimaakter@haat.example", role: "staff", password: "rahimaakter2026" });
    expect(fromEmail.data).toMatchObject({ fieldErrors: { password: expect.stringMatching(/too easy to guess/) } });
    const taken = await add({ email: owner.email.toUpperCase(), role: "staff", password: "jute lamp cable river" });
    expect(taken.data).toMatchObject({ fieldErrors: { email: "An account with this e-mail address already exists." } });
    const bad = await add({ email: "not an address", role: "boss", password: "jute lamp cable river" });
    expect(bad.data).toMatchObject({
      fieldErrors: { email: "Enter a valid e-mail address.", role: "Choose Owner or Staff." },
    });
    expect(await prisma.adminUser.count({ where: { email: "new.member@haat.example" } })).toBe(0);
  });

  it("creates a staff account whose first sign-in leads to choosing its own password", async () => {
    const owner = await createAdmin();
    const added = await run(
      staffAction,
      post(
        "/admin/staff",
        { intent: "add", email: " Nadia@Haat.example ", role: "staff", password: "first given password 7" },
        await signedInJar(owner.id),
      ),
    );
    await expect(added).toSetToast({
      kind: "success",
      message: "nadia@haat.example can now sign in with the first password you gave them.",
    });
    const account = await prisma.adminUser.findUniqueOrThrow({ where: { email: "nadia@haat.example" } });
    expect(account).toMatchObject({ role: "staff", mustChangePassword: true, disabledAt: null });

    const { answer, jar } = await signIn("nadia@haat.example", "first given password 7");
    expect(answer.status).toBe(302);
    // Every other page sends them to choose a password first.
    await expect(run(productsLoader, get("/admin/products", jar))).resolves.toRedirectTo("/admin/account");
    const page = await runData(accountLoader, get("/admin/account", jar));
    expect(page).toMatchObject({ email: "nadia@haat.example", role: "staff", mustChangePassword: true });

    const change = (fields: Record<string, string>) =>
      run(accountAction, post("/admin/account", { intent: "password", ...fields }, jar));
    const wrongCurrent = await change({
      currentPassword: "not it at all",
      newPassword: "lantern mango rickshaw",
      confirmPassword: "lantern mango rickshaw",
    });
    expect(wrongCurrent.data).toEqual({
      values: {},
      fieldErrors: { currentPassword: "The current password is not right." },
    });
    const common = await change({
      currentPassword: "first given password 7",
      newPassword: "password1234",
      confirmPassword: "password1234",
    });
    expect(common.data).toMatchObject({ fieldErrors: { newPassword: expect.stringMatching(/too easy to guess/) } });
    const mismatch = await change({
      currentPassword: "first given password 7",
      newPassword: "lantern mango rickshaw",
      confirmPassword: "lantern mango",
    });
    expect(mismatch.data).toMatchObject({
      fieldErrors: { confirmPassword: "The two new passwords are not the same." },
    });
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: account.id } })).mustChangePassword).toBe(true);

    const other = await signIn("nadia@haat.example", "first given password 7");
    const changed = await change({
      currentPassword: "first given password 7",
      newPassword: "lantern mango rickshaw",
      confirmPassword: "lantern mango rickshaw",
    });
    await expect(changed).toRedirectTo("/admin/dashboard");
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: account.id } })).mustChangePassword).toBe(false);
    expect((await run(productsLoader, get("/admin/products", jar))).status).toBe(200);
    // The session that knew only the old password is signed out.
    await expect(run(productsLoader, get("/admin/products", other.jar))).resolves.toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Fproducts",
    );
    expect((await signIn("nadia@haat.example", "first given password 7")).answer.status).toBe(401);
    expect((await signIn("nadia@haat.example", "lantern mango rickshaw")).answer.status).toBe(302);
  });
});

describe("disabling an account", () => {
  it("ends its open session at the next request and refuses its sign-in; enabling lets it back", async () => {
    const owner = await createAdmin();
    const ownerJar = await signedInJar(owner.id);
    const member = await createStaffMember();
    expect((await run(productsLoader, get("/admin/products", member.jar))).status).toBe(200);

    const disabled = await run(staffAction, post("/admin/staff", { intent: "disable", id: member.id }, ownerJar));
    await expect(disabled).toSetToast({
      kind: "success",
      message: `${member.email} is disabled and signed out everywhere.`,
    });
    await expect(run(productsLoader, get("/admin/products", member.jar))).resolves.toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Fproducts",
    );
    expect(await prisma.session.count({ where: { userId: member.id } })).toBe(0);
    const refused = await signIn(member.email, member.password);
    expect(refused.answer.status).toBe(403);
    expect(refused.answer.data).toMatchObject({
      error: "This account is disabled. Ask the shop's owner to enable it.",
    });
    const wrongPassword = await signIn(member.email, "a wrong guess here");
    expect(wrongPassword.answer.data).toMatchObject({ error: expect.stringMatching(/^Invalid credentials/) });

    const list = await runData(staffLoader, get("/admin/staff", ownerJar));
    expect(list.accounts.find((account) => account.id === member.id)?.disabledAt).toBeInstanceOf(Date);
    await run(staffAction, post("/admin/staff", { intent: "enable", id: member.id }, ownerJar));
    expect((await signIn(member.email, member.password)).answer.status).toBe(302);
  });

  it("is refused for your own account, and for the last enabled owner when two owners race", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const self = await run(staffAction, post("/admin/staff", { intent: "disable", id: owner.id }, jar));
    await expect(self).toSetToast({ kind: "error", message: "You cannot disable your own account." });

    // Two owners disable each other at the same moment: the first wins; the second, already past its
    // own check, would leave the shop without an owner, and is refused.
    await prisma.adminUser.updateMany({
      where: { role: "owner", id: { not: owner.id } },
      data: { disabledAt: new Date() },
    });
    const rival = await createAdmin();
    await prisma.adminUser.update({ where: { id: rival.id }, data: { disabledAt: new Date() } });
    expect(await setAccountDisabled(owner.id, true, rival.id)).toBe("last-owner");
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: owner.id } })).disabledAt).toBeNull();
    expect(await setAccountDisabled(9_999_999, true, owner.id)).toBe("not-found");
  });
});

describe("your own sessions", () => {
  it("are listed with this one marked, and the others can be signed out", async () => {
    const member = await createStaffMember();
    const phone = await signIn(member.email, member.password);
    const laptop = await signIn(member.email, member.password);
    const page = await runData(accountLoader, get("/admin/account", member.jar));
    expect(page.sessions).toHaveLength(3);
    expect(page.sessions.filter((session) => session.current)).toHaveLength(1);

    const one = page.sessions.find((session) => !session.current)!;
    await run(accountAction, post("/admin/account", { intent: "revoke", session: one.id }, member.jar));
    expect((await runData(accountLoader, get("/admin/account", member.jar))).sessions).toHaveLength(2);
    const all = await run(accountAction, post("/admin/account", { intent: "revoke", session: "others" }, member.jar));
    await expect(all).toSetToast({ kind: "success", message: "Sessions signed out: 1." });
    for (const jar of [phone.jar, laptop.jar]) {
      expect((await run(productsLoader, get("/admin/products", jar))).status).toBe(302);
    }
    expect((await run(productsLoader, get("/admin/products", member.jar))).status).toBe(200);
  });
});
