/**
 * Pathao's shared state on PostgreSQL, where (unlike SQLite's one writer) requests really run side
 * by side, each on its own connection as on several nodes: clients that all find the stored token
 * expired refresh at once and end on one stored token that works (the compare and set of
 * app/server/couriers/pathao-account.server.ts), and staff remembering the places of one area text
 * at once leave one choice (app/models/orders/courier-places.server.ts `rememberAreaChoice`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { getAreaChoice, rememberAreaChoice } from "~/models/orders/courier-places.server";
import { saveCheckedPathaoKeys, shopPathao } from "~/server/couriers/pathao-account.server";
import { startFakePathao, workerPathaoPort, type FakePathao } from "../support/pathao-server";
import { createAdmin } from "../integration/helpers";

let pathao: FakePathao;

beforeEach(async () => {
  pathao = await startFakePathao(workerPathaoPort());
  const { id, email } = await createAdmin();
  const owner = { id, email, language: "en", role: "owner" as const, mustChangePassword: false, twoFactor: false };
  const keys = {
    clientId: pathao.clientId,
    clientSecret: pathao.clientSecret,
    username: pathao.username,
    password: pathao.password,
  };
  expect((await saveCheckedPathaoKeys(keys, owner, {})).saved).toBe(true);
});
afterEach(async () => {
  await pathao.close();
});

describe("Pathao on PostgreSQL", () => {
  it("five nodes refreshing an expired token at once all get their answer, and one token is kept", async () => {
    pathao.expireTokens();
    const clients = await Promise.all(Array.from({ length: 5 }, () => shopPathao()));
    const answers = await Promise.all(clients.map((client) => client!.cities()));
    expect(answers.every((cities) => cities.length === 5)).toBe(true);
    const grants = { ...pathao.grants };
    // The kept token works: the next request asks for no new one.
    expect(await (await shopPathao())!.stores()).toHaveLength(1);
    expect(pathao.grants).toEqual(grants);
    expect(await prisma.courierAccount.count({ where: { courier: "pathao", tokenSealed: { not: null } } })).toBe(1);
  });

  it("ten staff remembering one area's places at once leave one choice", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        rememberAreaChoice("pathao", "dhaka|mirpur 10", { cityId: 1, zoneId: 52, areaId: 500 + index }, null),
      ),
    );
    expect(await prisma.courierAreaChoice.count({ where: { courier: "pathao", areaKey: "dhaka|mirpur 10" } })).toBe(1);
    expect(await getAreaChoice("pathao", "dhaka|mirpur 10")).toMatchObject({ cityId: 1, zoneId: 52 });
  });
});
