import { describe, expect, it } from "vitest";
import { auditVerdict } from "./audit.mjs";

/** The shape of `npm audit --json` (npm 7 and later) when the registry answers. */
function report(vulnerabilities: Record<string, { severity: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const v of Object.values(vulnerabilities)) {
    counts[v.severity as keyof typeof counts] += 1;
    counts.total += 1;
  }
  return {
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(Object.entries(vulnerabilities).map(([name, v]) => [name, { name, ...v }])),
    metadata: { vulnerabilities: counts, dependencies: { prod: 300, total: 900 } },
  };
}

describe("auditVerdict", () => {
  it("fails on a high or critical advisory and names the packages", () => {
    const verdict = auditVerdict(report({ "path-to-regexp": { severity: "high" }, cookie: { severity: "low" } }));
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toContain("path-to-regexp (high)");
    expect(verdict.message).not.toContain("cookie");
    expect(auditVerdict(report({ "form-data": { severity: "critical" } })).ok).toBe(false);
  });

  it("passes on low and moderate advisories only", () => {
    const verdict = auditVerdict(report({ cookie: { severity: "low" }, send: { severity: "moderate" } }));
    expect(verdict).toEqual({ ok: true, message: "npm audit: no high or critical advisories (2 in all)." });
  });

  it("passes, saying so, when the registry does not answer", () => {
    const offline = {
      message:
        "request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND",
      error: { summary: "" },
    };
    const verdict = auditVerdict(offline);
    expect(verdict.ok).toBe(true);
    expect(verdict.message).toMatch(/^npm audit: the registry did not answer \(request to .* ENOTFOUND\); skipped\.$/);
  });
});
