/**
 * Pathao's shared state on PostgreSQL, where (unlike SQLite's one writer) requests really run side
 * by side, each on its own connection as on several nodes: clients that all find the stored token
 * expired refresh at once and end on one stored token that works (the compare and set of
 * app/server/couriers/pathao-account.server.ts); staff remembering the places of one area text
 * at once leave one choice (app/models/orders/courier-places.server.ts `rememberAreaChoice`); two
 * first views of one zone list at once both keep it (`keepPlaces`); and one order handed to
 * Pathao and to Steadfast at once becomes one parcel (the claim of app/models/orders/courier.server.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { getAreaChoice, keepPlaces, keptPlaces, rememberAreaChoice } from "~/models/orders/courier-places.server";
import { action as courierPageAction } from "~/routes/admin.courier";
import { action as handOffAction } from "~/routes/admin.orders.courier";
import { saveCheckedPathaoKeys, shopPathao } from "~/server/couriers/pathao-account.server";
import { unseal } from "~/server/secret-box.server";
import { startFakePathao, workerPathaoPort, type FakePathao } from "../support/pathao-server";
import { startFakeSteadfast, workerSteadfastPort } from "../support/steadfast-server";
import { createAdmin, createProduct, post, run, signedInJar } from "../integration/helpers";
import { placeOrder } from "../integration/place-order";

let pathao: FakePathao;
let ownerId: number;

beforeEach(async () => {
  pathao = await startFakePathao(workerPathaoPort());
  const { id, email } = await createAdmin();
  ownerId = id;
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
    // ... and it is the stored one that the next call sent.
    const row = await prisma.courierAccount.findUniqueOrThrow({ where: { courier: "pathao" } });
    const stored = JSON.parse(unseal(row.tokenSealed!)!) as { accessToken: string };
    expect(pathao.requests.at(-1)!.headers.authorization).toBe(`Bearer ${stored.accessToken}`);
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

  it("two first views of one zone list at once both keep it, once", async () => {
    const zones = Array.from({ length: 40 }, (_, index) => ({ id: 9_000 + index, name: `Zone ${index}` }));
    await Promise.all(Array.from({ length: 4 }, () => keepPlaces("pathao", "zone", 99, zones)));
    expect(await keptPlaces("pathao", "zone", 99)).toHaveLength(40);
  });

  it("one order handed to Pathao and to Steadfast at once: one parcel, the other refused with a clear message", async () => {
    const steadfast = await startFakeSteadfast(workerSteadfastPort());
    try {
      const owner = await signedInJar(ownerId);
      await run(
        courierPageAction,
        post("/admin/courier", { intent: "save", apiKey: steadfast.apiKey, secretKey: steadfast.secretKey }, owner),
      );
      await rememberAreaChoice("pathao", "dhaka|mirpur 10", { cityId: 1, zoneId: 52, areaId: 501 }, null);
      const { variantId } = await createProduct({ name: "Race Lamp", pricePaisa: 50_000 });
      const id = await placeOrder([[variantId, 1]], { district: "Dhaka", area: "Mirpur 10" });
      const send = (courier: string) =>
        run(
          handOffAction,
          post("/admin/orders/courier", { intent: "send", courier, order: [String(id)], back: "/admin/orders" }, owner),
        );
      const answers = await Promise.all([send("pathao"), send("steadfast")]);
      const atPathao = [...pathao.consignments.values()].filter((c) => c.body.merchant_order_id === `haat-${id}`);
      const atSteadfast = steadfast.requests.filter((r) => JSON.stringify(r.body ?? "").includes(`"haat-${id}"`));
      expect(atPathao.length + atSteadfast.length).toBe(1);
      const row = await prisma.order.findUniqueOrThrow({ where: { id } });
      expect(row.consignmentId).not.toBeNull();
      const loser = answers[row.courier === "pathao" ? 1 : 0]!;
      const winner = row.courier === "pathao" ? "Pathao" : "Steadfast";
      await expect(loser).toSetToast({
        kind: "error",
        message: expect.stringMatching(
          new RegExp(
            `${escape(enAdmin["admin.courier.beingSent"].replace("{courier}", winner))}|Already with a courier`,
          ),
        ),
      });
    } finally {
      await steadfast.close();
    }
  });
});

/** `text` as a regular expression matching it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
