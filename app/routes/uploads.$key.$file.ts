import type { LoaderFunctionArgs } from "@remix-run/node";
import { variantName } from "~/server/media/images.server";
import { uploadsStorage } from "~/server/media/storage.server";

/** A variant never changes once written: cached for a year, immutable. */
const VARIANT_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * How long a browser or proxy may keep the redirect to UPLOADS_PUBLIC_URL, in seconds (a week):
 * long enough to spare haat the requests, short enough that moving the pictures to another
 * address (a new CDN) reaches every browser within a week. The picture itself is cached for a
 * year at its public address (the objects carry the same Cache-Control).
 */
const REDIRECT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Serves a stored image variant: GET /uploads/<key>/<width>.webp. Only names the image pipeline
 * makes are accepted (variantName validates them), so nothing else in the storage is reachable.
 * With UPLOADS_PUBLIC_URL (a public bucket or a CDN), answers 301 to the variant's public address;
 * otherwise streams it from the storage (the folder or the bucket) with its length, cached for a
 * year, immutable. 404 for a refused name or an absent variant.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^([1-9]\d{0,3})\.webp$/.exec(params.file ?? "");
  const name = match ? variantName(params.key ?? "", Number(match[1])) : null;
  if (!name) throw new Response("Not found", { status: 404 });
  const storage = uploadsStorage();
  const publicUrl = storage.publicUrl(name);
  if (publicUrl) {
    return new Response(null, {
      status: 301,
      headers: { Location: publicUrl, "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE_SECONDS}` },
    });
  }
  const object = await storage.read(name);
  if (!object) throw new Response("Not found", { status: 404 });
  const headers = {
    "Content-Type": "image/webp",
    "Content-Length": String(object.size),
    "Cache-Control": VARIANT_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.method === "HEAD") {
    // Nobody reads the body: closed now, so a bucket's connection goes back to the pool.
    await object.body.cancel();
    return new Response(null, { headers });
  }
  return new Response(object.body, { headers });
}
