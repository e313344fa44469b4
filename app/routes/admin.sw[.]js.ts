import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceWorkerScript } from "~/server/http/admin-app.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { staffLanguage } from "~/server/admin-i18n.server";

/**
 * GET /admin/sw.js: the admin app's service worker (app/service-worker/admin-sw.js). Served from
 * /admin/ so its default scope is /admin/ (no Service-Worker-Allowed header needed). Behind
 * requireAdmin like every /admin route: the admin layout registers it for a signed-in user, and a
 * signed-out update check simply keeps the installed worker. `no-cache` so every update check
 * asks the server. Its offline page is in the staff member's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const lang = staffLanguage(user);
  return new Response(serviceWorkerScript(shopIdentity(await getShopSettings(), lang), lang), {
    headers: {
      "Content-Type": "application/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
