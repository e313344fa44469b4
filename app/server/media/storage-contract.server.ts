/**
 * The contract of the pictures' storage (storage.server.ts makes one; storage-local.server.ts and
 * storage-s3.server.ts implement it). Names are relative paths with "/" separators, the same in
 * both backends.
 */
/** One object as read: its bytes as a stream, its size in bytes. */
type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

/** One listed object: its name (relative to the storage's root) and size in bytes. */
export type ListedObject = { name: string; size: number };

/** One file of an image, as `putImage` writes it. */
export type ImageFile = { name: string; bytes: Buffer; contentType: string };

/** The pictures' storage: a local folder or an S3-compatible bucket. */
export interface UploadsStorage {
  /** "local" (UPLOADS_DIR) or "s3" (UPLOADS_URL); /healthz names it. */
  readonly kind: "local" | "s3";
  /**
   * Writes (or overwrites) one object.
   * @param name relative name, e.g. `<key>/640.webp`.
   * @param bytes its content.
   * @param contentType its MIME type, e.g. "image/webp" (kept by a bucket, served by it).
   * @throws the file system's or the bucket's error.
   */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Writes every file of one image, whose names all start with `<key>/`, all or nothing: on any
   * failure what was written is removed (best effort for a bucket, where an object that cannot be
   * deleted either stays behind, unreachable without a database row) and the error is rethrown.
   * @throws the file system's or the bucket's error.
   */
  putImage(key: string, files: readonly ImageFile[]): Promise<void>;
  /**
   * Opens one object for reading.
   * @returns its bytes as a stream and its size in bytes, or null when there is no such object.
   * @throws the file system's or the bucket's error other than "not found".
   */
  read(name: string): Promise<StoredObject | null>;
  /**
   * Deletes every object of the image `key` (the names under `<key>/`); nothing there is no error.
   * @throws the file system's or the bucket's error.
   */
  removeImage(key: string): Promise<void>;
  /**
   * Every object of the storage (none of its own hidden ones), in no particular order.
   * @throws the file system's or the bucket's error.
   */
  list(): AsyncIterable<ListedObject>;
  /**
   * Proves the storage takes a write: a small object written and deleted.
   * @param signal aborts the probe (the health check's timeout).
   * @throws when it does not.
   */
  probe(signal?: AbortSignal): Promise<void>;
  /**
   * The public address to send a browser to for `name` (UPLOADS_PUBLIC_URL), or null when haat
   * serves the bytes itself.
   */
  publicUrl(name: string): string | null;
}

/**
 * True for a name a storage keeps for itself: a segment starting with "." (a temporary folder, a
 * health probe). Such names are never listed, backed up or copied.
 */
export function isHiddenName(name: string): boolean {
  return name.split("/").some((segment) => segment.startsWith("."));
}
