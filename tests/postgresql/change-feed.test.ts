/**
 * The change log's feed on PostgreSQL when its connection is cut (app/models/catalogue/changes/change-log-postgres.server.ts;
 * run by `npm run test:postgresql` only): while it cannot follow the log it says so (the page cache
 * then answers through the app, the settings are read afresh), it connects again by itself, and the
 * changes made meanwhile reach it.
 */
import { describe, expect, it, vi } from "vitest";
import { APPLICATION_NAME } from "~/models/catalogue/changes/change-log-postgres.server";
import {
  catalogueChangesAfter,
  catalogueChangesSettled,
  catalogueVersion,
  catalogueVersionIfKnown,
} from "~/models/catalogue/changes/change-log.server";
import { prisma } from "~/models/db/client.server";
import { getShopSettings } from "~/models/settings.server";
import { createProduct } from "../integration/helpers";

describe("the change log's feed on PostgreSQL", () => {
  it("says it does not know while its connection is cut, then catches up with what changed meanwhile", async () => {
    const lamp = await createProduct({ name: "Feed Lamp", pricePaisa: 10_000 });
    await catalogueChangesSettled();
    const mark = catalogueVersion();

    // The database ends the feed's session (a restart, a network cut, an idle timeout).
    const ended = await prisma.$queryRaw<{ ended: boolean }[]>`
      SELECT pg_terminate_backend(pid) AS "ended" FROM pg_stat_activity
      WHERE application_name = ${APPLICATION_NAME} AND datname = current_database()`;
    expect(ended.map((row) => row.ended)).toContain(true);
    await vi.waitFor(() => expect(() => catalogueChangesAfter(mark, 10)).toThrow(/not being followed/));
    expect(catalogueVersionIfKnown()).toBeNull();
    // The shop still answers: the settings are read afresh meanwhile.
    await expect(getShopSettings()).resolves.toMatchObject({ id: 1 });

    await prisma.product.update({ where: { id: lamp.id }, data: { name: "Feed Lamp, Renamed Meanwhile" } });
    // Connected again within seconds, with the change made while it was away.
    await vi.waitFor(
      () => {
        const changes = catalogueChangesAfter(mark, 10);
        expect(changes.map((change) => change.productId)).toContain(lamp.id);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(catalogueVersionIfKnown()).toBeGreaterThan(mark);
  });
});
