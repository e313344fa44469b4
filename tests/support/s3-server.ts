/**
 * A local S3 server for tests: s3rver (an implementation of S3's REST API over a folder), on a
 * loopback port of its own, with one bucket. Not a mock: the app's S3 storage signs and sends real
 * requests to it through the AWS SDK, as it would to AWS, R2 or MinIO.
 *
 *     const s3 = await startS3Server();
 *     const storage = createUploadsStorage(s3.config("shop/pictures"));
 *     …
 *     await s3.stop();
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { UploadsStorageConfig } from "~/config/env.server";

/** s3rver's fixed credentials (it checks every request's signature against them). */
const ACCESS_KEY = "S3RVER";

/** A running local S3 server. */
export type S3TestServer = {
  /** The API's origin, e.g. http://127.0.0.1:40123 (path-style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  /** The folder the server keeps its buckets in (`<directory>/<bucket>/<key>._S3rver_object`…). */
  directory: string;
  /** The storage configuration for this server's bucket, under `prefix` ("" for the root). */
  config(prefix?: string, publicUrl?: string): Extract<UploadsStorageConfig, { kind: "s3" }>;
  /** The environment variables that select this bucket (UPLOADS_URL, S3_ENDPOINT, keys). */
  env(prefix?: string): Record<string, string>;
  /**
   * The whole environment a script of the shop (`npx tsx scripts/…`) runs with against this bucket:
   * a production configuration (PATH, HOME, NODE_ENV, SESSION_SECRET, PUBLIC_URL), `env(prefix)`,
   * then `overrides` (DATABASE_URL, UPLOADS_DIR…).
   */
  scriptEnv(prefix: string, overrides: Record<string, string>): NodeJS.ProcessEnv;
  /**
   * The object writes and deletions it took so far, in order, by S3's event names
   * ("ObjectCreated:Put", "ObjectRemoved:Delete"…), and the keys they touched.
   */
  objectEvents(): { name: string; key: string }[];
  /** Stops the server; its files stay until `remove` (a stopped server is a failing storage). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same files. */
  restart(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  remove(): Promise<void>;
};

/**
 * Starts s3rver on 127.0.0.1 (a free port, or `port`) over a new temporary folder, with the bucket
 * `bucket` made. Silent: it logs nothing.
 */
export async function startS3Server(bucket = "haat-pictures", port = 0): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "haat-s3rver-"));
  const make = (onPort: number) =>
    new S3rver({
      address: "127.0.0.1",
      port: onPort,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  const events: { name: string; key: string }[] = [];
  const listened = (server: S3rver) => {
    server.on("event", (event) => {
      for (const record of event.Records) events.push({ name: record.eventName, key: record.s3.object.key });
    });
    return server;
  };
  let server = listened(make(port));
  const address = await server.run();
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  const env = (prefix = "") => ({
    UPLOADS_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
    S3_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
  });
  return {
    endpoint,
    bucket,
    directory,
    config: (prefix = "", publicUrl?: string) => configFor(endpoint, bucket, prefix, publicUrl),
    env,
    scriptEnv: (prefix, overrides) => ({
      PATH: process.env.PATH!,
      HOME: os.homedir(),
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://shop.example",
      ...env(prefix),
      ...overrides,
    }),
    objectEvents: () => [...events],
    stop,
    async restart() {
      if (running) return;
      server = listened(make(address.port));
      await server.run();
      running = true;
    },
    async remove() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The storage configuration of `bucket` on the s3rver at `endpoint`, under `prefix`. */
function configFor(
  endpoint: string,
  bucket: string,
  prefix: string,
  publicUrl?: string,
): Extract<UploadsStorageConfig, { kind: "s3" }> {
  return {
    kind: "s3",
    bucket,
    prefix,
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    publicUrl,
  };
}

/**
 * s3rver in a child process started with OpenSSL's legacy provider (tests/support/s3rver-process.mjs),
 * so that it can list past 1000 objects (its continuation tokens use DES). Slower to start than
 * `startS3Server`; for the listing tests only.
 */
export async function startS3ServerProcess(
  bucket = "haat-pictures",
): Promise<{ config(prefix?: string): Extract<UploadsStorageConfig, { kind: "s3" }>; remove(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "haat-s3rver-"));
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", path.join(import.meta.dirname, "s3rver-process.mjs"), directory, bucket],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    child.once("exit", (code) => reject(new Error(`s3rver stopped before it listened (exit ${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: (prefix = "") => configFor(endpoint, bucket, prefix),
    async remove() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
