/**
 * The end of an operations script (backup, restore, migrate:to-s3): runs its `main` and sets the
 * process's exit code to what `main` returns, or to 1 when it throws, without cutting off output
 * still being written (no `process.exit`).
 */

/** How a script reports a failure: which errors are refusals it explains itself, and its words for the rest. */
export type ScriptFailure = {
  /** Whether `error` is an expected refusal whose message says it all (a bad environment, EnvError, always is). */
  isExpected: (error: unknown) => boolean;
  /** The words before any other error's message, e.g. "Backup failed". */
  failure: string;
  /** Prints more after the message, e.g. the usage after an option `parseArgs` refused. */
  afterError?: (error: unknown) => void;
};

/**
 * Runs `main` (which resolves to the exit code) and reports a thrown error on stderr: an expected
 * one as its message alone, any other as "<failure>: <message>". Exit code 1 after an error.
 */
export function runScript(main: () => Promise<number>, report: ScriptFailure): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const expected = report.isExpected(error) || (error instanceof Error && error.name === "EnvError");
      const message = error instanceof Error ? error.message : String(error);
      console.error(expected ? message : `${report.failure}: ${message}`);
      report.afterError?.(error);
      process.exitCode = 1;
    },
  );
}
