/**
 * Two-factor sign-in (docs/decisions/034-two-factor-sign-in.md) against a real SQLite database,
 * with codes computed from the secret as an authenticator app does (otpauth): setting it up from
 * the account page, the second sign-in step (each code once, recovery codes once, wrong codes
 * limited), an owner's reset, and the shop's rule that owners must use it.
 */
import { TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { action as accountAction, loader as accountLoader } from "~/routes/admin.account/route";
import { loader as productsLoader } from "~/routes/admin.products._index";
import { action as staffAction } from "~/routes/admin.staff/route";
import { action as loginAction } from "~/routes/admin_.login";
import { action as codeAction, loader as codeLoader } from "~/routes/admin_.two-factor";
import { CookieJar, createAdmin, get, post, run, runData, signedInJar } from "./helpers";

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });

/** Sets the shop's rule through the settings' own save, as the settings page does. */
async function requireOwnerTwoFactor(required: boolean) {
  const {
    id: _id,
    updatedAt: _updated,
    logoId: _logoId,
    logo: _logo,
    courierCsvColumns: _columns,
    ...input
  } = await getShopSettings();
  await saveShopSettings({ ...input, requireOwnerTwoFactor: required }, { image: null, remove: false });
}

let address = 0;
const signInWithPassword = async (email: string, password: string, jar = new CookieJar()) => {
  const answer = await run(
    loginAction,
    post("/admin/login", { email, password, redirectTo: "/admin/orders" }, jar),
    {},
    { clientAddress: `10.8.0.${++address}` },
  );
  jar.take(answer.headers);
  return { answer, jar };
};
const enterCode = async (code: string, jar: CookieJar) => {
  const answer = await run(codeAction, post("/admin/two-factor", { code }, jar), {}, { clientAddress: "10.8.1.1" });
  jar.take(answer.headers);
  return answer;
};

/** An account with two-factor sign-in set up through its account page; returns its secret and recovery codes. */
async function withTwoFactor() {
  const admin = await createAdmin();
  const jar = await signedInJar(admin.id);
  await run(accountAction, post("/admin/account", { intent: "two-factor-start" }, jar));
  const page = await runData(accountLoader, get("/admin/account", jar));
  const secret = page.twoFactor.setup!.secret;
  const wrong = await run(
    accountAction,
    post("/admin/account", { intent: "two-factor-confirm", code: "000000", currentPassword: admin.password }, jar),
  );
  expect(wrong.status).toBe(400);
  const confirmed = await run(
    accountAction,
    post(
      "/admin/account",
      { intent: "two-factor-confirm", code: codeAt(secret, Date.now()), currentPassword: admin.password },
      jar,
    ),
  );
  const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] };
  return { admin, jar, secret, recoveryCodes };
}

describe("setting up two-factor sign-in", () => {
  it("shows a QR code and the key, turns on with a right code, and shows ten recovery codes once, stored hashed", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    expect((await runData(accountLoader, get("/admin/account", jar))).twoFactor).toMatchObject({
      enabled: false,
      setup: null,
    });
    await run(accountAction, post("/admin/account", { intent: "two-factor-start" }, jar));
    const setup = (await runData(accountLoader, get("/admin/account", jar))).twoFactor.setup!;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Buffer.from(setup.qrDataUri.split(",")[1]!, "base64").toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The key is stored sealed, never as it is shown.
    const stored = await prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(stored.totpSecretSealed).not.toContain(setup.secret);
    expect(stored.totpEnabledAt).toBeNull();

    const wrong = await run(
      accountAction,
      post("/admin/account", { intent: "two-factor-confirm", code: "123456", currentPassword: admin.password }, jar),
    );
    expect(wrong.data).toEqual({
      values: {},
      fieldErrors: {},
      formError: "That code is not right, or was already used. The app shows a new one every 30 seconds.",
    });
    const right = await run(
      accountAction,
      post(
        "/admin/account",
        { intent: "two-factor-confirm", code: codeAt(setup.secret, Date.now()), currentPassword: admin.password },
        jar,
      ),
    );
    const codes = (right.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const rows = await prisma.recoveryCode.findMany({ where: { userId: admin.id } });
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(codes[0]!.replace("-", ""));
    const page = await runData(accountLoader, get("/admin/account", jar));
    expect(page.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10, setup: null });
  });
});

describe("signing in with two-factor on", () => {
  it("holds the sign-in after the password, and accepts each code once", async () => {
    const { admin, secret } = await withTwoFactor();
    const sessionsBefore = await prisma.session.count({ where: { userId: admin.id } });
    const { answer, jar } = await signInWithPassword(admin.email, admin.password);
    await expect(Promise.resolve(answer)).resolves.toRedirectTo("/admin/two-factor");
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(sessionsBefore);
    await expect(run(productsLoader, get("/admin/products", jar))).resolves.toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Fproducts",
    );

    // The code that turned it on was used: refused. The next one is accepted, once.
    expect((await enterCode(codeAt(secret, Date.now()), jar)).status).toBe(401);
    const next = codeAt(secret, Date.now() + STEP_MS);
    await expect(enterCode(next, jar)).resolves.toRedirectTo("/admin/orders");
    expect((await run(productsLoader, get("/admin/products", jar))).status).toBe(200);
    const again = await signInWithPassword(admin.email, admin.password);
    expect((await enterCode(next, again.jar)).status).toBe(401);
  });

  it("accepts a recovery code once and says how many are left", async () => {
    const { admin, recoveryCodes } = await withTwoFactor();
    const first = await signInWithPassword(admin.email, admin.password);
    const used = await enterCode(recoveryCodes[3]!.toUpperCase(), first.jar);
    await expect(used).toRedirectTo("/admin/account#two-factor");
    await expect(used).toSetToast({
      kind: "info",
      message: "You signed in with a recovery code. Recovery codes left: 9. Make new ones if few are left.",
    });
    const second = await signInWithPassword(admin.email, admin.password);
    expect((await enterCode(recoveryCodes[3]!, second.jar)).status).toBe(401);
  });

  it("two second steps at once with one cookie: one signs in, and only its own code is used up", async () => {
    const { admin, secret, recoveryCodes } = await withTwoFactor();
    const usedCodes = () => prisma.recoveryCode.count({ where: { userId: admin.id, usedAt: { not: null } } });
    const signedIn = (answer: { location: string | null }) => answer.location !== "/admin/login";

    // Two recovery codes, one cookie.
    const first = await signInWithPassword(admin.email, admin.password);
    const both = await Promise.all([enterCode(recoveryCodes[0]!, first.jar), enterCode(recoveryCodes[1]!, first.jar)]);
    expect(both.filter(signedIn)).toHaveLength(1);
    expect(both.filter((answer) => answer.location === "/admin/login")).toHaveLength(1);
    expect(await usedCodes()).toBe(1);

    // A six-digit code and a recovery code, one cookie: the recovery code is used only if it signed in.
    const second = await signInWithPassword(admin.email, admin.password);
    const [byCode, byRecovery] = await Promise.all([
      enterCode(codeAt(secret, Date.now() + STEP_MS), second.jar),
      enterCode(recoveryCodes[2]!, second.jar),
    ]);
    expect([byCode, byRecovery].filter(signedIn)).toHaveLength(1);
    expect(await usedCodes()).toBe(signedIn(byRecovery) ? 2 : 1);
    // The other codes still sign in.
    const third = await signInWithPassword(admin.email, admin.password);
    await expect(enterCode(recoveryCodes[9]!, third.jar)).resolves.toRedirectTo("/admin/account#two-factor");
  });

  it("refuses a sixth wrong code in 5 minutes, and the second step without the password step", async () => {
    const { admin, secret } = await withTwoFactor();
    const { jar } = await signInWithPassword(admin.email, admin.password);
    for (let i = 0; i < 5; i++) expect((await enterCode("000000", jar)).status).toBe(401);
    const refused = await enterCode(codeAt(secret, Date.now() + STEP_MS), jar);
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ error: "Too many wrong codes. Wait 5 minutes and try again." });
    await expect(run(codeLoader, get("/admin/two-factor"))).resolves.toRedirectTo("/admin/login");
    await expect(run(codeAction, post("/admin/two-factor", { code: "123456" }))).resolves.toRedirectTo("/admin/login");
  });
});

describe("an owner's reset and the shop's rule", () => {
  it("an owner resets a lost phone's two-factor: the password alone signs in again", async () => {
    const { admin } = await withTwoFactor();
    const ownerAccount = await createAdmin();
    const owner = await signedInJar(ownerAccount.id);
    const reset2fa = (id: number, currentPassword: string) =>
      run(staffAction, post("/admin/staff", { intent: "reset-two-factor", id, currentPassword }, owner));
    // Without the owner's own password, or for the owner's own account: refused, nothing changed.
    await expect(reset2fa(admin.id, "not the password")).resolves.toSetToast({
      kind: "error",
      message: "The current password is not right.",
    });
    await expect(reset2fa(ownerAccount.id, ownerAccount.password)).resolves.toSetToast({
      kind: "error",
      message: "Turn off your own two-factor sign-in on your account page.",
    });
    expect(await prisma.recoveryCode.count({ where: { userId: admin.id } })).toBe(10);
    const reset = await reset2fa(admin.id, ownerAccount.password);
    await expect(reset).toSetToast({
      kind: "success",
      message: `The two-factor sign-in of ${admin.email} is reset: they sign in with their password and can set it up again.`,
    });
    expect(await prisma.recoveryCode.count({ where: { userId: admin.id } })).toBe(0);
    await expect(signInWithPassword(admin.email, admin.password).then(({ answer }) => answer)).resolves.toRedirectTo(
      "/admin/orders",
    );
  });

  it("when the shop requires it, an owner without it sets it up first and cannot turn it off", async () => {
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    await requireOwnerTwoFactor(true);
    try {
      await expect(run(productsLoader, get("/admin/products", jar))).resolves.toRedirectTo("/admin/account#two-factor");
      expect((await runData(accountLoader, get("/admin/account", jar))).twoFactor.required).toBe(true);
      await run(accountAction, post("/admin/account", { intent: "two-factor-start" }, jar));
      const secret = (await runData(accountLoader, get("/admin/account", jar))).twoFactor.setup!.secret;
      await run(
        accountAction,
        post(
          "/admin/account",
          { intent: "two-factor-confirm", code: codeAt(secret, Date.now()), currentPassword: owner.password },
          jar,
        ),
      );
      expect((await run(productsLoader, get("/admin/products", jar))).status).toBe(200);
      const off = await run(
        accountAction,
        post("/admin/account", { intent: "two-factor-off", currentPassword: owner.password }, jar),
      );
      expect(off.data).toEqual({
        values: {},
        fieldErrors: {},
        formError: "The shop requires owners to use two-factor sign-in, so it stays on.",
      });
    } finally {
      await requireOwnerTwoFactor(false);
    }
  });
});

describe("what a stolen session cannot do alone", () => {
  it("turning two-factor on needs the current password: without it or with a wrong one it stays off, the code kept", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    await run(accountAction, post("/admin/account", { intent: "two-factor-start" }, jar));
    const secret = (await runData(accountLoader, get("/admin/account", jar))).twoFactor.setup!.secret;
    const code = codeAt(secret, Date.now());
    const confirm = (fields: Record<string, string>) =>
      run(accountAction, post("/admin/account", { intent: "two-factor-confirm", code, ...fields }, jar));

    const without = await confirm({});
    expect(without.status).toBe(400);
    expect(without.data).toEqual({ values: { code }, fieldErrors: {}, formError: "Enter the password." });
    const wrong = await confirm({ currentPassword: "not the password" });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ values: { code }, fieldErrors: {}, formError: "The current password is not right." });
    expect(JSON.stringify(wrong.data)).not.toContain("not the password");
    expect((await runData(accountLoader, get("/admin/account", jar))).twoFactor.enabled).toBe(false);
    expect(await prisma.recoveryCode.count({ where: { userId: admin.id } })).toBe(0);

    const right = await confirm({ currentPassword: admin.password });
    expect((right.data as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect((await runData(accountLoader, get("/admin/account", jar))).twoFactor.enabled).toBe(true);
  });

  it("a held sign-in is used once: after the second step, a copy of its cookie with the next code goes back to sign-in", async () => {
    const { admin, secret } = await withTwoFactor();
    const { jar } = await signInWithPassword(admin.email, admin.password);
    // Someone keeps a copy of the cookie the password step set (a shared computer, a proxy's log).
    const copy = new CookieJar();
    copy.take(new Headers({ "Set-Cookie": jar.header() }));
    await expect(enterCode(codeAt(secret, Date.now() + STEP_MS), jar)).resolves.toRedirectTo("/admin/orders");
    const sessions = await prisma.session.count({ where: { userId: admin.id } });

    await expect(run(codeLoader, get("/admin/two-factor", copy))).resolves.toRedirectTo("/admin/login");
    await expect(enterCode(codeAt(secret, Date.now() + 2 * STEP_MS), copy)).resolves.toRedirectTo("/admin/login");
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(sessions);
  });

  it("new recovery codes are recorded in the audit trail", async () => {
    const { admin, jar } = await withTwoFactor();
    const made = await run(
      accountAction,
      post("/admin/account", { intent: "two-factor-codes", currentPassword: admin.password }, jar),
      {},
      { clientAddress: "10.8.2.1" },
    );
    const codes = (made.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    const rows = await prisma.auditEvent.findMany({
      where: { action: "account.recovery-codes-replaced", actorId: admin.id },
    });
    expect(rows).toMatchObject([
      { actorEmail: admin.email, address: "10.8.2.1", subjectType: "staff", subjectId: admin.id },
    ]);
    expect(JSON.stringify(rows)).not.toContain(codes[0]!);
  });

  it("a stolen session's wrong passwords end it after 5, each in the trail; the owner's own session still changes the password", async () => {
    const { admin: member } = await withTwoFactor();
    const owner = await createAdmin();
    const ownersJar = await signedInJar(owner.id);
    const thiefsJar = await signedInJar(owner.id);
    const context = { clientAddress: "10.8.3.1" };
    const changePassword = (currentPassword: string, jar: CookieJar, newPassword = "jute lamp cable river") =>
      run(
        accountAction,
        post("/admin/account", { intent: "password", currentPassword, newPassword, confirmPassword: newPassword }, jar),
        {},
        context,
      );
    const reset2fa = (currentPassword: string, jar: CookieJar) =>
      run(
        staffAction,
        post("/admin/staff", { intent: "reset-two-factor", id: member.id, currentPassword }, jar),
        {},
        context,
      );

    // The three forms share the session's count.
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(`wrong ${i}`, thiefsJar);
      expect(wrong.status).toBe(400);
      expect(wrong.data).toEqual({
        values: {},
        fieldErrors: { currentPassword: "The current password is not right." },
      });
    }
    await expect(reset2fa("wrong 3", thiefsJar)).resolves.toSetToast({
      kind: "error",
      message: "The current password is not right.",
    });
    const sessions = await prisma.session.count({ where: { userId: owner.id } });
    const fifth = await run(
      accountAction,
      post("/admin/account", { intent: "two-factor-codes", currentPassword: "wrong 4" }, thiefsJar),
      {},
      context,
    );
    // The fifth ends the session: signed out, told why on the sign-in page.
    await expect(Promise.resolve(fifth)).resolves.toRedirectTo("/admin/login");
    await expect(Promise.resolve(fifth)).resolves.toSetToast({
      kind: "error",
      message:
        "You were signed out after 5 wrong passwords. Sign in again with your password; if it was not you, change your password then.",
    });
    expect(await prisma.session.count({ where: { userId: owner.id } })).toBe(sessions - 1);
    thiefsJar.take(fifth.headers);
    await expect(run(productsLoader, get("/admin/products", thiefsJar))).resolves.toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Fproducts",
    );

    // Nothing changed, and the owner, in their own session, is not locked out: a typo, then the
    // member's reset and the password change go through.
    expect(await prisma.recoveryCode.count({ where: { userId: member.id } })).toBe(10);
    expect((await changePassword("typo", ownersJar)).status).toBe(400);
    await expect(reset2fa(owner.password, ownersJar)).resolves.toSetToast({ kind: "success", message: /is reset/ });
    await expect(changePassword(owner.password, ownersJar)).resolves.toRedirectTo("/admin/account");
    const stored = await prisma.adminUser.findUniqueOrThrow({ where: { id: owner.id } });
    expect(stored.passwordHash).not.toBe(owner.passwordHash);

    // Each checked wrong password is in the trail, with what it was for, and so is the ending.
    const rows = await prisma.auditEvent.findMany({
      where: {
        action: { in: ["account.password-check-failed", "account.signed-out-wrong-passwords"] },
        actorId: owner.id,
      },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.action, row.summary])).toEqual([
      ["account.password-check-failed", "password-change"],
      ["account.password-check-failed", "password-change"],
      ["account.password-check-failed", "password-change"],
      ["account.password-check-failed", "two-factor-reset"],
      ["account.password-check-failed", "two-factor-codes"],
      ["account.signed-out-wrong-passwords", "two-factor-codes"],
      ["account.password-check-failed", "password-change"],
    ]);
    expect(rows[0]).toMatchObject({ address: "10.8.3.1", subjectId: owner.id });
    expect(JSON.stringify(rows)).not.toContain("wrong 0");
  });

  it("says why a session was ended in the person's language, also to parallel guesses", async () => {
    const owner = await createAdmin();
    await prisma.adminUser.update({ where: { id: owner.id }, data: { language: "bn" } });
    const jar = await signedInJar(owner.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(
          accountAction,
          post(
            "/admin/account",
            { intent: "password", currentPassword: `wrong ${i}`, newPassword: "x", confirmPassword: "x" },
            jar,
          ),
        ),
      ),
    );
    // At most 5 were checked (each counted before its hash); the rest found the session used up.
    expect(answers.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(4);
    const ended = answers.filter((answer) => answer.location === "/admin/login");
    expect(ended.length).toBeGreaterThanOrEqual(4);
    await expect(Promise.resolve(ended[0]!)).resolves.toSetToast({
      kind: "error",
      message:
        "৫বার ভুল পাসওয়ার্ড দেওয়ায় আপনাকে লগআউট করা হয়েছে। আপনার পাসওয়ার্ড দিয়ে আবার লগইন করুন; এটা আপনি না হলে, তারপর পাসওয়ার্ড বদলে নিন।",
    });
    expect(await prisma.session.count({ where: { userId: owner.id } })).toBe(0);
    expect(
      await prisma.auditEvent.count({ where: { action: "account.password-check-failed", actorId: owner.id } }),
    ).toBe(5);
  });

  it("an account's sessions together get 50 wrong passwords a day, then 429 before any hash, even for the right one", async () => {
    const owner = await createAdmin();
    const changePassword = (currentPassword: string, jar: CookieJar) =>
      run(
        accountAction,
        post(
          "/admin/account",
          {
            intent: "password",
            currentPassword,
            newPassword: "jute lamp cable river",
            confirmPassword: "jute lamp cable river",
          },
          jar,
        ),
      );
    for (let session = 0; session < 10; session++) {
      const jar = await signedInJar(owner.id);
      for (let i = 0; i < 4; i++) expect((await changePassword(`wrong ${session}.${i}`, jar)).status).toBe(400);
      await expect(changePassword(`wrong ${session}.4`, jar)).resolves.toRedirectTo("/admin/login");
    }
    const jar = await signedInJar(owner.id);
    const right = await changePassword(owner.password, jar);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(23 * 60 * 60);
    // A refusal by the account's ceiling is not the session's fault: it stays signed in.
    expect((await run(productsLoader, get("/admin/products", jar))).status).toBe(200);
    const stored = await prisma.adminUser.findUniqueOrThrow({ where: { id: owner.id } });
    expect(stored.passwordHash).toBe(owner.passwordHash);
  });
});
