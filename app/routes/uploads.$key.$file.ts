import fs from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { imageFilePath } from "~/server/media/images.server";

/**
 * Serves a stored image variant: GET /uploads/<key>/<width>.webp. Only names the image pipeline
 * makes are accepted (imageFilePath validates them), so nothing else under UPLOADS_DIR is
 * reachable. Variants never change once written, so they are cached for a year, immutable.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^([1-9]\d{0,3})\.webp$/.exec(params.file ?? "");
  const filePath = match ? imageFilePath(params.key ?? "", Number(match[1])) : null;
  if (!filePath) throw new Response("Not found", { status: 404 });
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(filePath);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  const body = Readable.toWeb(fs.createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
