import type { LoaderFunctionArgs } from "@remix-run/node";
import { countSitemapRows, sitemapRows, type SitemapRow } from "~/models/catalogue/sitemap.server";
import { getEnv } from "~/config/env.server";
import { absoluteUrl, productsCanonicalPath, publicOrigin } from "~/utils/seo";
import {
  SITEMAP_CACHE_CONTROL,
  sitemapIndex,
  sitemapPartCount,
  sitemapPartWindows,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntries,
} from "~/utils/seo-sitemap";
import { log } from "~/server/log.server";
import { noteCatalogueAddress, noteShownProducts } from "~/server/http/page-cache/page-notes.server";

/** Bytes of XML gathered before a chunk is sent. */
const FLUSH_BYTES = 32 * 1024;

/**
 * GET /sitemap.xml: home, /products, every category and every product, each in English and in
 * Bangla with hreflang alternates, with `lastmod` from the
 * rows' `updatedAt`. Over 50,000 URLs it is a sitemap index of `/sitemap.xml?part=N` files (see
 * ~/utils/seo-sitemap). The XML is streamed while the rows are read in chunks.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Every product's address and lastmod: the page cache drops it when any product changes, not
  // on a stock change (decision 051).
  noteShownProducts(context, { lists: true });
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  const counts = await countSitemapRows();
  const parts = sitemapPartCount(counts);
  const partParam = new URL(request.url).searchParams.get("part");
  const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL };

  if (partParam === null && parts > 1) {
    const urls = Array.from({ length: parts }, (_, i) => absoluteUrl(origin, `/sitemap.xml?part=${i + 1}`));
    return new Response(sitemapIndex(urls), { headers });
  }
  const part = partParam === null ? 1 : Number(partParam);
  if (!Number.isSafeInteger(part) || part < 1 || part > parts) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }

  // The index or one of its parts: always kept once rendered.
  if (partParam === null || partParam === String(part)) noteCatalogueAddress(context);
  const windows = sitemapPartWindows(part, counts);
  async function* xml(): AsyncGenerator<string> {
    yield URLSET_OPEN;
    for (const path of windows.staticPaths) yield urlEntries(origin, path);
    const list = async function* (rows: AsyncGenerator<SitemapRow>, path: (id: number) => string) {
      for await (const row of rows) yield urlEntries(origin, path(row.id), row.updatedAt);
    };
    yield* list(sitemapRows("category", windows.categories), (id) => productsCanonicalPath({ category: id }));
    yield* list(sitemapRows("product", windows.products), (id) => `/products/${id}`);
    yield URLSET_CLOSE;
  }

  const encoder = new TextEncoder();
  const source = xml();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let buffered = "";
      try {
        while (buffered.length < FLUSH_BYTES) {
          const next = await source.next();
          if (next.done) {
            if (buffered) controller.enqueue(encoder.encode(buffered));
            controller.close();
            return;
          }
          buffered += next.value;
        }
        controller.enqueue(encoder.encode(buffered));
      } catch (error) {
        log.error({ err: error }, "Sitemap failed");
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return new Response(body, { headers });
}
