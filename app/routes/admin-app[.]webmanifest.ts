import { adminAppManifest } from "~/server/http/admin-app.server";
import { getShopSettings, shopIdentity, shopLanguage } from "~/models/settings.server";

/**
 * GET /admin-app.webmanifest: the admin app's web app manifest (for the header's Install App control),
 * named from the shop settings. Public on purpose, and outside /admin: browsers fetch a manifest
 * without cookies, and it holds only the shop's public name, colours and icon URLs
 * (docs/decisions/012-admin-app-and-dashboard.md).
 */
export async function loader() {
  const settings = await getShopSettings();
  return new Response(
    JSON.stringify(adminAppManifest(shopIdentity(settings, shopLanguage(settings)), shopLanguage(settings))),
    {
      headers: {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      },
    },
  );
}
