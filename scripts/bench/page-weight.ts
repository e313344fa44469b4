/**
 * Page weight: how many gzipped bytes of HTML, CSS and JavaScript a storefront page makes a
 * browser download (docs/decisions/016-storefront-javascript-budget.md). Used by `npm run size` (scripts/bench/size.ts) and by the
 * Playwright budget test (tests/e2e/seo.spec.ts) against a running server.
 *
 * Sizes are gzip at zlib's default level (the level the server's `compression` middleware uses),
 * in bytes. JavaScript counts every `<script src>`, every `<link rel="modulepreload">` (Remix
 * preloads each module a page runs) and the inline scripts (also part of the HTML bytes; JSON-LD
 * data blocks are not JavaScript and are not counted as such). CSS counts linked stylesheets and
 * inline `<style>` blocks (the production build inlines the stylesheet: decision 038, so its bytes are
 * counted in the HTML too). Each asset counts once per page.
 */
import { gzipSync } from "node:zlib";

/**
 * Budgets in bytes, gzipped: HTML ≤ 30 KB, CSS ≤ 20 KB, JavaScript ≤ 100 KB in all
 * (docs/decisions/016-storefront-javascript-budget.md).
 */
export const BUDGETS = { html: 30_000, css: 20_000, js: 100_000 } as const;

export type PageWeight = {
  /** Gzipped bytes of the HTML document. */
  html: number;
  /** Gzipped bytes of all stylesheets: linked files plus inline `<style>` blocks. */
  css: number;
  /** Gzipped bytes of all JavaScript: external modules plus inline scripts. */
  js: number;
  /** Of `js`, the inline scripts' share. */
  inlineJs: number;
  /** Of `css`, the inline `<style>` blocks' share (also part of the HTML bytes). */
  inlineCss: number;
  /** The asset URLs counted (paths). */
  stylesheets: string[];
  scripts: string[];
};

/** Gzipped size of `body` in bytes. */
function gzipSize(body: string | Uint8Array): number {
  return gzipSync(body).byteLength;
}

/** The attribute `name` of an HTML start tag's text, or null. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? "") : null;
}

/**
 * The stylesheets, external scripts and inline script bodies an HTML page loads. JSON and other
 * data blocks (`type="application/ld+json"`, `application/json`) are not scripts.
 */
function pageAssets(html: string): {
  stylesheets: string[];
  inlineStyles: string[];
  scripts: string[];
  inlineScripts: string[];
} {
  const stylesheets = new Set<string>();
  const scripts = new Set<string>();
  const inlineScripts: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("stylesheet")) stylesheets.add(href);
    if (rel.includes("modulepreload")) scripts.add(href);
  }
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${open}>`;
    const type = (attribute(tag, "type") ?? "").toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    const src = attribute(tag, "src");
    if (src) scripts.add(src);
    else if (body!.trim()) inlineScripts.push(body!);
  }
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
    .map(([, body]) => body!)
    .filter((body) => body.trim());
  return { stylesheets: [...stylesheets], inlineStyles, scripts: [...scripts], inlineScripts };
}

/**
 * Fetches `path` from `baseUrl` (with `cookie`, if given) and every stylesheet and script it
 * loads, and returns their gzipped sizes. @throws {Error} when the page or an asset is not 200.
 */
export async function measurePage(baseUrl: string, path: string, cookie?: string): Promise<PageWeight> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const response = await fetch(new URL(path, baseUrl), { headers });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const html = await response.text();
  const { stylesheets, inlineStyles, scripts, inlineScripts } = pageAssets(html);
  const sizeOf = async (url: string) => {
    const asset = await fetch(new URL(url, baseUrl));
    if (asset.status !== 200) throw new Error(`${url} (from ${path}) answered ${asset.status}`);
    return gzipSize(new Uint8Array(await asset.arrayBuffer()));
  };
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
  const inlineCss = sum(inlineStyles.map(gzipSize));
  const css = sum(await Promise.all(stylesheets.map(sizeOf))) + inlineCss;
  const externalJs = sum(await Promise.all(scripts.map(sizeOf)));
  const inlineJs = sum(inlineScripts.map(gzipSize));
  return { html: gzipSize(html), css, js: externalJs + inlineJs, inlineJs, inlineCss, stylesheets, scripts };
}

/** Which budgets `weight` exceeds (empty when within all). */
export function overBudget(weight: Pick<PageWeight, "html" | "css" | "js">): (keyof typeof BUDGETS)[] {
  return (Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]).filter((kind) => weight[kind] > BUDGETS[kind]);
}

/** Bytes as kilobytes with one decimal ("12.3 KB", 1 KB = 1000 bytes). */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
