/**
 * The Chromium that the end-to-end tests (playwright.config.ts) and `npm run lighthouse`
 * (scripts/bench/lighthouse.ts) drive, and the flags both start it with. See
 * docs/decisions/017-end-to-end-browser.md.
 */
import fs from "node:fs";

/**
 * CHROMIUM_PATH when set; else Debian's old headless shell (package chromium-headless-shell): the
 * same Blink as Chromium without the browser UI, which is what Playwright itself runs headless
 * tests in; on the 2-core machines this project runs on it ran the suite 18% faster than the full
 * browser. Then Debian's Chromium. Undefined when none is installed.
 */
export function chromiumPath(): string | undefined {
  return (
    process.env.CHROMIUM_PATH ??
    ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => fs.existsSync(candidate))
  );
}

/** Command-line flags for a test browser: no sandbox (root in CI), no GPU, no background traffic. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
