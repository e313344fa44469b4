/**
 * `npm run lint`: three checks, run side by side (the machine has 2 cores and ESLint uses one), each
 * one's output printed whole when it ends, and a failure if any of them failed, so one check's
 * failure never hides another's findings.
 *
 *   eslint  ESLint: code style, and the architecture's seams between the folders of app/ (eslint.config.js)
 *   cycles  dependency-cruiser: no import cycle, type-only imports included (.dependency-cruiser.cjs)
 *   unused  knip: no unused file, export or dependency, no unlisted dependency (knip.config.ts)
 *
 * `node scripts/dev/lint.mjs cycles unused` runs only the checks named.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const checks = {
  eslint: [bin("eslint"), ["."]],
  cycles: [bin("depcruise"), ["app", "scripts", "prisma", "tests", "server.js", "--config", ".dependency-cruiser.cjs"]],
  unused: [bin("knip"), ["--no-progress"]],
};

const names = process.argv.slice(2);
for (const name of names) {
  if (!(name in checks)) {
    console.error(`lint: no check named "${name}" (checks: ${Object.keys(checks).join(", ")})`);
    process.exit(2);
  }
}

function run(name) {
  const [command, args] = checks[name];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ name, code: 1, output: `${error.message}\n`, seconds: 0 }));
    child.on("close", (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(output).toString(),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const results = await Promise.all((names.length > 0 ? names : Object.keys(checks)).map(run));
for (const { name, code, output, seconds } of results) {
  console.log(
    `── lint: ${name} (${path.basename(checks[name][0])}) ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s`,
  );
  if (output.trim() !== "") console.log(output.trimEnd());
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
console.log(failed.length === 0 ? "lint: all checks passed" : `lint: failed: ${failed.join(", ")}`);
process.exitCode = failed.length === 0 ? 0 : 1;
