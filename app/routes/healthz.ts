import { probeDatabase } from "~/models/connection.server";
import { checkHealth, uploadsProbe } from "~/server/http/health.server";

/**
 * GET (and HEAD) /healthz: 200 with `{"status":"ok","database":"ok","uploads":"ok","uploadsStorage":"local"}`
 * (or `"s3"`) while the shop can serve and take orders, 503 with the failing part marked otherwise;
 * never cached. For a reverse proxy or a process manager (app/server/http/health.server.ts,
 * decision 032). The database is read on every call; the uploads storage is probed at most once
 * every 30 s (5 s after a failure), and the calls between answer its last result.
 */
export async function loader() {
  const report = await checkHealth(() => probeDatabase(), uploadsProbe());
  return new Response(JSON.stringify(report), {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
