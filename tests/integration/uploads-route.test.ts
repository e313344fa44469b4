/**
 * GET /uploads/<key>/<width>.webp with the pictures in the local folder (UPLOADS_DIR, the default):
 * a stored variant streamed with its type, length and a year's immutable caching; 404 for an absent
 * variant and for every name the image pipeline never makes. The same route with a bucket:
 * tests/integration/s3-storage.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/uploads.$key.$file";
import { storeImage } from "~/server/media/images.server";

async function getUpload(key: string, file: string): Promise<Response> {
  try {
    return await loader({
      request: new Request(`http://shop.test/uploads/${key}/${file}`),
      params: { key, file },
      context: {},
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("GET /uploads/… from the local folder", () => {
  it("streams a stored variant with its type, length and immutable caching; 404 otherwise", async () => {
    const photo = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#357" } })
      .jpeg()
      .toBuffer();
    const image = await storeImage(photo);
    const answer = await getUpload(image.key, "320.webp");
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(process.env.UPLOADS_DIR!, image.key, "320.webp")))).toBe(true);
    expect(Number(answer.headers.get("Content-Length"))).toBe(bytes.length);

    expect((await getUpload(image.key, "640.webp")).status).toBe(404);
    for (const [key, file] of [
      ["..", "320.webp"],
      [image.key.toUpperCase(), "320.webp"],
      [image.key, "0.webp"],
      [image.key, "320.png"],
      [image.key, "12345.webp"],
      [image.key, "500.webp"],
    ] as const) {
      expect((await getUpload(key, file)).status, `${key}/${file}`).toBe(404);
    }
  });
});
