/**
 * The pictures in an S3-compatible bucket (UPLOADS_URL=s3://bucket/prefix): AWS S3, Cloudflare R2,
 * Backblaze B2, MinIO, Garage. A name is stored as the object `<prefix>/<name>`, so the bucket's
 * layout under the prefix is the uploads folder's.
 *
 * Only plain object operations are used (PutObject, GetObject, ListObjectsV2, DeleteObject), the
 * set every provider above implements alike; DeleteObjects is avoided because it needs a
 * Content-MD5 or checksum header that providers treat differently, and an image has at most six
 * objects. The AWS SDK is imported on the first operation, so a shop on the local folder never
 * loads it (memory: decision 039).
 */
import { randomBytes } from "node:crypto";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import type { UploadsStorageConfig } from "~/config/env.server";
import { isHiddenName, type ImageFile, type ListedObject, type UploadsStorage } from "./storage-contract.server";

type S3Config = Extract<UploadsStorageConfig, { kind: "s3" }>;

/** How long opening a connection to the bucket may take, in ms. */
const CONNECTION_TIMEOUT_MS = 5_000;
/** How long a request may wait for the bucket's answer, in ms. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Attempts of each request (the SDK's retries, with its backoff, on throttling and 5xx answers). */
const MAX_ATTEMPTS = 3;
/**
 * Connections kept open to the bucket (the SDK's default is 50). Without UPLOADS_PUBLIC_URL every
 * picture a browser does not have yet is one GetObject streamed through haat: a listing of 24
 * pictures opened by a dozen shoppers at once would queue behind 50.
 */
const MAX_SOCKETS = 128;
/**
 * Cache-Control stored with each object: a public bucket or a CDN serving them directly
 * (UPLOADS_PUBLIC_URL) sends what haat's /uploads route sends. A variant never changes once written.
 */
const OBJECT_CACHE_CONTROL = "public, max-age=31536000, immutable";

let sdkModule: Promise<typeof S3Sdk> | undefined;

/** The AWS SDK's S3 client module, imported on first use and kept. */
function loadSdk(): Promise<typeof S3Sdk> {
  sdkModule ??= import("@aws-sdk/client-s3");
  return sdkModule;
}

/**
 * The storage in the bucket `config` names. No request is made until an operation runs.
 * Errors thrown by the operations are the SDK's (`S3ServiceException` and network errors).
 */
export function s3Storage(config: S3Config): UploadsStorage {
  const { bucket, prefix } = config;
  const objectKey = (name: string) => (prefix === "" ? name : `${prefix}/${name}`);
  const listPrefix = prefix === "" ? "" : `${prefix}/`;
  let client: Promise<S3Client> | undefined;
  const s3 = () => {
    client ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: config.region,
          endpoint: config.endpoint,
          forcePathStyle: config.forcePathStyle,
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
          // Since SDK 3.729 every upload carries a CRC32 checksum (and streams go aws-chunked)
          // unless told otherwise; s3rver, MinIO, R2 and B2 refuse or mishandle some of that.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
          maxAttempts: MAX_ATTEMPTS,
          requestHandler: {
            connectionTimeout: CONNECTION_TIMEOUT_MS,
            requestTimeout: REQUEST_TIMEOUT_MS,
            httpAgent: { maxSockets: MAX_SOCKETS },
            httpsAgent: { maxSockets: MAX_SOCKETS },
          },
        }),
    );
    return client;
  };

  async function put(name: string, bytes: Buffer, contentType: string, signal?: AbortSignal): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([loadSdk(), s3()]);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(name),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        CacheControl: OBJECT_CACHE_CONTROL,
      }),
      { abortSignal: signal },
    );
  }

  async function remove(name: string, signal?: AbortSignal): Promise<void> {
    const [{ DeleteObjectCommand }, client] = await Promise.all([loadSdk(), s3()]);
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(name) }), { abortSignal: signal });
  }

  /** Every object whose key starts with `keyPrefix`, page by page (1000 a page). */
  async function* objectsUnder(keyPrefix: string): AsyncGenerator<{ key: string; size: number }> {
    const [{ ListObjectsV2Command }, client] = await Promise.all([loadSdk(), s3()]);
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: "s3",

    put: (name, bytes, contentType) => put(name, bytes, contentType),

    async putImage(key: string, files: readonly ImageFile[]): Promise<void> {
      const results = await Promise.allSettled(files.map((file) => put(file.name, file.bytes, file.contentType)));
      const failed = results.find((result) => result.status === "rejected");
      if (!failed) return;
      // A bucket has no rename: the objects already written are deleted, so no image is left half
      // stored. Should a delete fail too, its object stays, unreachable: no row names its key.
      await Promise.allSettled(
        files.filter((_, index) => results[index]!.status === "fulfilled").map((file) => remove(file.name)),
      );
      throw failed.reason;
    },

    async read(name: string) {
      const [{ GetObjectCommand }, client] = await Promise.all([loadSdk(), s3()]);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(name) }));
        if (!answer.Body) return null;
        return { body: answer.Body.transformToWebStream(), size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async removeImage(key: string): Promise<void> {
      const keys: string[] = [];
      for await (const object of objectsUnder(`${objectKey(key)}/`)) keys.push(object.key);
      await Promise.all(keys.map((objectKeyName) => remove(objectKeyName.slice(listPrefix.length))));
    },

    async *list(): AsyncGenerator<ListedObject> {
      for await (const object of objectsUnder(listPrefix)) {
        const name = object.key.slice(listPrefix.length);
        if (name !== "" && !isHiddenName(name)) yield { name, size: object.size };
      }
    },

    async probe(signal?: AbortSignal): Promise<void> {
      // A small object written and deleted, not HeadBucket: the shop needs to write, and a key that
      // may read but not write (or a bucket over its quota) passes HeadBucket. HeadBucket also needs
      // the ListBucket permission, which a key limited to the prefix's objects may lack.
      const name = `.healthz/${process.pid}-${randomBytes(4).toString("hex")}`;
      await put(name, Buffer.from("1"), "text/plain", signal);
      await remove(name, signal);
    },

    publicUrl(name: string): string | null {
      if (!config.publicUrl) return null;
      return `${config.publicUrl}/${objectKey(name).split("/").map(encodeURIComponent).join("/")}`;
    },
  };
}

/**
 * True for the SDK's "no such object" error (NoSuchKey, or a 404 answer without a body), never for
 * a missing bucket: that is the configuration's fault, and must not look like a missing picture.
 */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === "NoSuchBucket") return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === "NoSuchKey" || error.name === "NotFound" || status === 404;
}
