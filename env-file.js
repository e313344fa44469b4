/**
 * Loads `.env` from the working directory into `process.env` when there is one (`npm run setup`
 * writes it), with Node's own reader (`process.loadEnvFile`): a variable already set in the
 * environment wins over the file's. For the server and the command-line scripts: it sits beside
 * server.js, below both, so the server imports nothing from scripts/. A module that is also
 * imported by tests calls it only when run as a command, so a developer's .env never reaches a test.
 * @throws {Error} when .env exists but cannot be read or parsed.
 */
export function loadEnvFile() {
  try {
    process.loadEnvFile();
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
  }
}
