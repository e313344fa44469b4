import { afterEach, describe, expect, it, vi } from "vitest";
import { runScript } from "./run-script";

class Refusal extends Error {}

/** Runs `main` through runScript and gives back what it printed on stderr and the exit code it set. */
async function outcome(main: () => Promise<number>, afterError?: (error: unknown) => void) {
  const printed: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    printed.push(args.join(" "));
  });
  const before = process.exitCode;
  try {
    runScript(main, { isExpected: (error) => error instanceof Refusal, failure: "Backup failed", afterError });
    // runScript settles on the promise's own turn; two turns later both handlers have run.
    await new Promise((resolve) => setImmediate(resolve));
    return { printed, exitCode: process.exitCode };
  } finally {
    spy.mockRestore();
    process.exitCode = before;
  }
}

describe("runScript", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sets the exit code main returns and prints nothing", async () => {
    expect(await outcome(async () => 3)).toEqual({ printed: [], exitCode: 3 });
  });

  it("prints an expected refusal or a bad environment as its message alone, exit code 1", async () => {
    expect(
      await outcome(async () => {
        throw new Refusal("The archive is not a haat backup.");
      }),
    ).toEqual({ printed: ["The archive is not a haat backup."], exitCode: 1 });
    const envError = Object.assign(new Error("SESSION_SECRET is missing"), { name: "EnvError" });
    expect(
      await outcome(async () => {
        throw envError;
      }),
    ).toEqual({ printed: ["SESSION_SECRET is missing"], exitCode: 1 });
  });

  it("names any other failure, thrown value or not, and lets the script add to the report", async () => {
    const seen: unknown[] = [];
    expect(
      await outcome(
        async () => {
          throw new Error("disk full");
        },
        (error) => seen.push(error),
      ),
    ).toEqual({ printed: ["Backup failed: disk full"], exitCode: 1 });
    expect(seen).toHaveLength(1);
    expect(
      await outcome(async () => {
        throw "no space";
      }),
    ).toEqual({ printed: ["Backup failed: no space"], exitCode: 1 });
  });
});
