import { measurePage } from "./page-weight.ts";
const base = process.argv[2]!;
for (const path of process.argv.slice(3)) {
  const w = await measurePage(base, path);
  console.log(path.padEnd(20), "html", w.html, "css", w.css, "js", w.js, "inline", w.inlineJs);
}
