import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BASE_PORT, serverLogOf, serverPort } from "../../tests/e2e/e2e-ports.mjs";
import { failureDigest } from "./test-digest.mjs";

// The results file and the servers of this run's first port (E2E_PORT, default 3100).
const RESULTS = `playwright-results-${BASE_PORT}.json`;

// A checkout's shape, in a folder of its own: the results files where the tools write them.
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "haat-digest-"));
  fs.mkdirSync(path.join(root, "tests/.tmp"), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, report: unknown) =>
  fs.writeFileSync(path.join(root, "tests/.tmp", file), JSON.stringify(report));

/** A Playwright JSON report (the "json" reporter's shape) with `count` failed tests. */
function playwrightReport(count: number) {
  return {
    suites: [
      {
        title: "cart.spec.ts",
        file: "cart.spec.ts",
        specs: [
          {
            title: "a passing test",
            file: "cart.spec.ts",
            line: 3,
            tests: [{ projectName: "js-on", status: "expected", annotations: [], results: [{ status: "passed" }] }],
          },
        ],
        suites: [
          {
            title: "the cart",
            specs: Array.from({ length: count }, (_, i) => ({
              title: `keeps line item ${i}`,
              file: "cart.spec.ts",
              line: 10 + i,
              tests: [
                {
                  projectName: "js-off",
                  status: "unexpected",
                  annotations: [],
                  results: [
                    {
                      status: "failed",
                      parallelIndex: 1,
                      error: {
                        message: `\u001b[31mError: expect(locator).toHaveText(expected)\u001b[39m\n\nExpected: "৳1,200"\nReceived: "৳1,100"\n${"more\n".repeat(20)}`,
                      },
                      attachments: [{ name: "trace", path: `/repo/test-results/cart-${i}/trace.zip` }],
                    },
                  ],
                },
              ],
            })),
          },
        ],
      },
    ],
    errors: [],
  };
}

describe("the failure digest npm test prints last", () => {
  it("names each failed journey with its project, error, trace and server log, without colours", () => {
    write(RESULTS, playwrightReport(1));
    const lines = failureDigest(root, "e2e", { since: 0, outputs: [] });
    const text = lines.join("\n");
    expect(text).toContain("✘ [js-off] cart.spec.ts:10 › the cart › keeps line item 0");
    expect(text).toContain("Error: expect(locator).toHaveText(expected)");
    expect(text).toContain('Received: "৳1,100"');
    expect(text).toContain("trace: /repo/test-results/cart-0/trace.zip");
    // The second worker's (parallelIndex 1) journeys' server.
    expect(text).toContain(`server log: ${serverLogOf(serverPort(1, "journeys"))}`);
    expect(text).not.toContain("\u001b[");
    expect(text).not.toContain("a passing test");
  });

  it("stays short when many tests failed: four in full, the rest by name", () => {
    write(RESULTS, playwrightReport(30));
    const lines = failureDigest(root, "e2e", { since: 0, outputs: [] });
    expect(lines[0]).toBe(`30 failed (tests/.tmp/${RESULTS}):`);
    expect(lines.filter((line) => line.includes("trace:"))).toHaveLength(4);
    expect(lines).toContain("  and 26 more:");
    expect(lines.length).toBeLessThanOrEqual(41);
  });

  it("reads Vitest's report: failed tests, and a file that failed before its tests ran", () => {
    write("vitest-results.json", {
      testResults: [
        {
          name: path.join(root, "tests/integration/checkout.test.ts"),
          status: "failed",
          assertionResults: [
            { fullName: "checkout places an order", status: "passed", failureMessages: [] },
            {
              fullName: "checkout refuses a stale price",
              status: "failed",
              failureMessages: [
                "AssertionError: expected 120000 to be 110000\n    at file:///repo/node_modules/@vitest/runner/dist/index.js:1:1\n    at checkout.test.ts:40:5",
              ],
            },
          ],
        },
        {
          name: path.join(root, "app/rules/cart.test.ts"),
          status: "failed",
          message: "SyntaxError: Unexpected token",
          assertionResults: [],
        },
      ],
    });
    const text = failureDigest(root, "unit", { since: 0, outputs: [] }).join("\n");
    expect(text).toContain("2 failed (tests/.tmp/vitest-results.json):");
    expect(text).toContain("✘ tests/integration/checkout.test.ts › checkout refuses a stale price");
    expect(text).toContain("AssertionError: expected 120000 to be 110000\n        at checkout.test.ts:40:5");
    expect(text).toContain("✘ app/rules/cart.test.ts\n    SyntaxError: Unexpected token");
    expect(text).not.toContain("places an order");
  });

  it("ignores a results file left by an earlier run, and says where to look instead", () => {
    write("vitest-results.json", { testResults: [{ name: "x.test.ts", status: "failed", message: "old" }] });
    const lines = failureDigest(root, "unit", { since: Date.now() + 60_000, outputs: [] });
    expect(lines).toEqual(["(no results file was written: the reason is in the output above)"]);
  });

  it("repeats the end of each failed check's own output, sharing 36 lines between them", () => {
    const output = Array.from({ length: 100 }, (_, i) => `app/x.ts(${i},1): error TS2322`).join("\n");
    const one = failureDigest(root, "checks", { since: 0, outputs: [{ label: "typecheck", output }] });
    expect(one[0]).toBe("typecheck, the last 35 lines of its output:");
    expect(one.at(-1)).toBe("    app/x.ts(99,1): error TS2322");
    expect(one).toHaveLength(36);
    const lint = "✖ 2 problems (2 errors, 0 warnings)";
    const two = failureDigest(root, "checks", {
      since: 0,
      outputs: [
        { label: "typecheck", output },
        { label: "lint", output: lint },
      ],
    });
    expect(two).toHaveLength(18 + 2);
    expect(two.at(-2)).toBe("lint, the last 1 lines of its output:");
    expect(two.at(-1)).toBe(`    ${lint}`);
  });
});
