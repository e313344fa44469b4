/**
 * Where the two-node journey's servers listen (tests/scale-out/servers.ts, playwright.scale-out.config.ts):
 * node A on SCALE_OUT_PORT (3300 by default), node B on the next port. Both are the same production
 * build on one PostgreSQL database and one S3 bucket; a browser's cookies are the same for both
 * (cookies do not depend on the port), as they are for two nodes behind one address.
 */
import path from "node:path";

export const NODE_A_PORT = Number(process.env.SCALE_OUT_PORT ?? 3300);
export const NODE_B_PORT = NODE_A_PORT + 1;
export const nodeA = `http://localhost:${NODE_A_PORT}`;
export const nodeB = `http://localhost:${NODE_B_PORT}`;
/** The journey's data (uploads staging, logs) under tests/.tmp. */
export const SCALE_OUT_DIR = path.resolve("tests/.tmp", `scale-out-${NODE_A_PORT}`);
