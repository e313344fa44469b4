/**
 * scripts/demo/demo.mjs's output: the set-up and build steps run quietly and keep their output for
 * when they fail; the server's request lines and warnings go to the log file only, its errors and
 * anything that is not a log line to the terminal too; the final frame says where the shop, the
 * admin's sign-in and the log are.
 */
import { describe, expect, it } from "vitest";
import { adminBlock, DEMO_LOG_FILE, lineSplitter, readyBanner, runQuietly, showsInTerminal } from "./demo.mjs";

describe("the server's output", () => {
  it("keeps request lines, warnings and other information in the log file, and shows errors and stray text", () => {
    const request = JSON.stringify({
      level: "info",
      time: "2026-11-28T10:00:00.000Z",
      req: { method: "GET", url: "/assets/entry.client-abc.js" },
      res: { statusCode: 200 },
      responseTime: 2,
      msg: "request completed",
    });
    expect(showsInTerminal(request)).toBe(false);
    expect(showsInTerminal('{"level":"debug","msg":"healthz"}')).toBe(false);
    expect(showsInTerminal("")).toBe(false);
    expect(showsInTerminal('{"level":"warn","msg":"refused GET \\"/favicon.png\\": 404 Not Found"}')).toBe(false);
    expect(showsInTerminal('{"level":"error","res":{"statusCode":500},"msg":"request failed"}')).toBe(true);
    expect(showsInTerminal('{"level":"fatal","msg":"Invalid environment"}')).toBe(true);
    expect(showsInTerminal("TypeError: Cannot read properties of undefined")).toBe(true);
    expect(showsInTerminal("    at file:///app/server.js:12:3")).toBe(true);
  });

  it("cuts chunks into whole lines, whatever their boundaries", () => {
    const lines = lineSplitter();
    expect(lines.push('{"level":"in')).toEqual([]);
    expect(lines.push('fo"}\n{"level":"error"}\npartial')).toEqual(['{"level":"info"}', '{"level":"error"}']);
    expect(lines.push(" line\n")).toEqual(["partial line"]);
    expect(lines.push("no line break at the end")).toEqual([]);
    expect(lines.end()).toEqual(["no line break at the end"]);
    expect(lines.end()).toEqual([]);
  });
});

describe("quiet steps", () => {
  it("keeps a step's output, to print when it fails", () => {
    const failed = runQuietly(process.execPath, [
      "-e",
      "console.log('vite v6 building for production...'); console.error('Build failed: x is not defined'); process.exit(3)",
    ]);
    expect(failed).toMatchObject({ status: 3, signal: null });
    expect(failed.output).toBe("vite v6 building for production...\nBuild failed: x is not defined\n");
    expect(runQuietly(process.execPath, ["-e", "console.log('built')"])).toMatchObject({
      status: 0,
      output: "built\n",
    });
  });
});

describe("the frame printed once the shop answers", () => {
  const seedOutput = [
    "Seeding the demo shop: database data/haat.db, images in uploads/",
    "",
    "==========",
    "Demo admin: admin@haat.example",
    "Password (shown once): correct-horse",
    "==========",
    "Seed finished in 4.2 s.",
  ].join("\n");

  it("gives the shop's address on the chosen port, the admin's sign-in, and where the log is", () => {
    const banner = readyBanner(8080, adminBlock(seedOutput));
    const lines = banner.split("\n");
    expect(lines[1]).toMatch(/^=+$/);
    expect(lines.at(-2)).toBe(lines[1]);
    expect(banner).toContain("The demo shop is running: http://localhost:8080");
    expect(banner).toContain("Password (shown once): correct-horse");
    expect(banner).toContain(`Server log (a line per request): ${DEMO_LOG_FILE}; errors show here too.`);
    expect(DEMO_LOG_FILE).toBe("data/demo.log");
  });

  it("says how to sign in when the shop already had its admin", () => {
    expect(adminBlock("Seed finished in 1.0 s.\n")).toBeNull();
    expect(readyBanner(3000, null)).toContain(
      "http://localhost:3000/admin/login with the account made on the first run",
    );
  });
});
