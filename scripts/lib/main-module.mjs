/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the script Node was started with,
 * not a module a test or another script imported: its own `main()` then runs. The started path is
 * resolved through symlinks (`node_modules/.bin`, a linked checkout) before the comparison.
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export function isMainModule(moduleUrl) {
  if (!process.argv[1]) return false;
  try {
    return moduleUrl === pathToFileURL(fs.realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}
