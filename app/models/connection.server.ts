/**
 * The database connection as a whole, for operations rather than the shop's data: the health
 * check's probe and the close on shutdown (docs/decisions/032-operations.md).
 */
import type { PrismaClient } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { closeCatalogueChanges } from "~/models/catalogue/changes/change-log.server";

/**
 * Reads the shop's settings row through `client` (this process's by default), the row every page
 * needs: resolves when the database answers, rejects with the driver's error when it does not.
 */
export async function probeDatabase(client: PrismaClient = prisma): Promise<void> {
  await client.shopSettings.findFirst({ select: { id: true } });
}

/**
 * Closes this process's connections (server.js, on shutdown): the catalogue change log's read-only one,
 * then the main one; SQLite checkpoints its WAL file then.
 */
export async function closeDatabase(): Promise<void> {
  closeCatalogueChanges();
  await prisma.$disconnect();
}
