/**
 * `npm audit` of the production dependencies at high severity or above, for `npm test` (and so CI).
 * Fails when the registry answers and reports a high or critical advisory. When the registry does not
 * answer (offline, or a mirror without the audit endpoint), it says so and passes: the audit
 * cannot be run here, which is not a finding about haat.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * What to do with `npm audit --json`'s output `report` (parsed JSON).
 * @returns `{ ok: true, message }` to pass, `{ ok: false, message }` to fail.
 */
export function auditVerdict(report) {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? "no audit report";
    return { ok: true, message: `npm audit: the registry did not answer (${String(reason).split("\n")[0]}); skipped.` };
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  if (serious === 0)
    return { ok: true, message: `npm audit: no high or critical advisories (${counts.total ?? 0} in all).` };
  const names = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === "high" || v.severity === "critical")
    .map((v) => `${v.name} (${v.severity})`);
  return {
    ok: false,
    message: `npm audit: ${serious} high or critical advisories: ${names.join(", ")}. Run \`npm audit --omit=dev\`.`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], { encoding: "utf8" });
  let report = null;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = { message: (result.stderr || result.stdout || "no output").trim() };
  }
  const verdict = auditVerdict(report);
  console.log(verdict.message);
  process.exit(verdict.ok ? 0 : 1);
}
