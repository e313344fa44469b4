import { probeDatabase } from "~/models/connection.server";
import { checkHealth } from "~/server/http/health.server";
import { uploadsStorage } from "~/server/media/storage.server";

/**
 * GET (and HEAD) /healthz: 200 with `{"status":"ok","database":"ok","uploads":"ok","uploadsStorage":"local"}`
 * (or `"s3"`) while the shop can serve and take orders, 503 with the failing part marked otherwise;
 * never cached. For a reverse proxy or a process manager (app/server/http/health.server.ts,
 * decision 032).
 */
export async function loader() {
  const report = await checkHealth(() => probeDatabase(), uploadsStorage());
  return new Response(JSON.stringify(report), {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
