/**
 * The server's memory limits (docs/decisions/039-memory.md) are set in three places a self-hoster
 * may start it from: `npm start`, the systemd unit and the Docker image. They must agree, or a
 * deployment quietly runs with V8's defaults (a heap that grows to a quarter of the machine's memory).
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The `--flags` between `node` and `server.js` in a command line. */
function nodeFlags(command: string): string[] {
  const match = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+(?:\.\/)?server\.js\b/.exec(command);
  if (!match) throw new Error(`no "node … server.js" in: ${command}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

describe("the production start command", () => {
  const start: string = JSON.parse(read("package.json")).scripts.start;
  const unit = read("docs/deploy/haat.service");
  const dockerfile = read("Dockerfile");

  it("npm start caps the V8 heap, its young generation and glibc's malloc arenas, and has V8 favour size", () => {
    expect(nodeFlags(start)).toContain("--max-old-space-size=192");
    expect(nodeFlags(start)).toContain("--max-semi-space-size=4");
    expect(nodeFlags(start)).toContain("--optimize-for-size");
    expect(start).toMatch(/\bMALLOC_ARENA_MAX=2\b/);
  });

  it("the systemd unit starts node with the same flags and environment", () => {
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? "";
    expect(nodeFlags(execStart)).toEqual(nodeFlags(start));
    expect(unit).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
  });

  it("the Docker image starts node with the same flags and environment", () => {
    const cmd = /^CMD (.*)$/m.exec(dockerfile)?.[1] ?? "";
    expect(nodeFlags(cmd)).toEqual(nodeFlags(start));
    expect(dockerfile).toMatch(/^\s+MALLOC_ARENA_MAX=2 \\$/m);
  });
});
