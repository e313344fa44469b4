import type { LoaderFunctionArgs } from "@remix-run/node";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import {
  ADMIN_APP_ICONS,
  adminAppIcon,
  adminAppIconVersion,
  type AdminAppIconName,
} from "~/server/http/admin-app.server";

/**
 * GET /admin-app/icons/<name>.png: the admin app's icons (192, 512, maskable 512 and the 180 px
 * Apple touch icon), made from the shop's logo (else the lamp mark) once per process by sharp and
 * kept in memory. Public, like
 * the manifest that lists them. With the current `?v=` version the answer is cached for a year,
 * immutable; any other URL for an hour.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  if (!Object.hasOwn(ADMIN_APP_ICONS, name)) throw new Response("Not found", { status: 404 });
  const { logo } = shopIdentity(await getShopSettings(), "en");
  const png = await adminAppIcon(name as AdminAppIconName, logo);
  const current = new URL(request.url).searchParams.get("v") === adminAppIconVersion(logo);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
