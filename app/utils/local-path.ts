/**
 * Redirect targets taken from a form or the query string. Only a path on this site is accepted:
 * anything that resolves to another origin ("//host", "/\host", "/\t/host", "https://…"), or
 * that contains control characters, falls back.
 */
const BASE = "http://haat.invalid";

/** `value` as a local path with its query (no fragment), or `fallback`. */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.includes("\\") || hasControlCharacter(value)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
