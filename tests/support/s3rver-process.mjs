// s3rver in a process of its own, for tests that list more than 1000 objects: s3rver's
// continuation token is DES-encrypted, which OpenSSL 3 only allows with its legacy provider
// (`node --openssl-legacy-provider`), a flag a test worker cannot take. Started by
// tests/support/s3-server.ts `startS3ServerProcess`: node --openssl-legacy-provider
// s3rver-process.mjs <folder> <bucket>; prints its port on a line, stops on SIGTERM.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.on("SIGTERM", () => {
  server.close().then(() => process.exit(0));
});
