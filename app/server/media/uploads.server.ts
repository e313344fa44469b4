/**
 * Image uploads of the back office (products and categories), decision 013.
 *
 * `parseUploadForm` reads a multipart/form-data request as a stream (Remix's
 * `unstable_parseMultipartFormData` with our own upload handler), keeping:
 * - text fields, each cut at `MAX_FIELD_BYTES` bytes (the form's zod schema then refuses an
 *   over-long value with its own message), at most `MAX_PARTS` parts in all;
 * - up to `MAX_FILES` files of the allowed file fields, each at most `MAX_FILE_BYTES` bytes, in memory.
 * A file over the byte limit, or past the file count, is not kept: the rest of its bytes are read
 * and thrown away (the parser would otherwise buffer them) and it is reported as a rejection, so
 * the other fields still reach the action. A body larger than `MAX_REQUEST_BYTES` stops the parse
 * with an `UploadRequestError` (server.js refuses such bodies before they get here, 413, when they
 * declare their length).
 *
 * `checkImage` sniffs the bytes with sharp: the file name and the declared type are never trusted.
 * `storeUploads` then runs each accepted file through `storeImage` (app/server/media/images.server.ts:
 * auto-orient, metadata stripped, pixel limit, WebP variants with server-made names in the uploads
 * storage, the folder UPLOADS_DIR or the bucket of UPLOADS_URL: storage.server.ts). Each rejection
 * names the file and the reason; `rejectionMessage` words it for staff in their language.
 *
 * `saveUploadForm` runs these steps, and the database write, for every form with pictures.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { englishAdminT, type AdminTranslate } from "~/i18n/admin";
import {
  ACCEPTED_FORMATS,
  ImageProcessingError,
  loadSharp,
  MAX_INPUT_PIXELS,
  removeStoredImage,
  storeImage,
  type StoredImage,
} from "./images.server";
import { log } from "~/server/log.server";
import type { FieldErrors } from "~/forms/refusal";

/** Largest accepted image file, in bytes (10 MiB, shown to staff as "10 MB"). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Most image files accepted in one request. */
const MAX_FILES = 10;
/** Longest kept text field, in bytes (UTF-8); longer values are cut here and refused by the schema. */
const MAX_FIELD_BYTES = 32 * 1024;
/** Most parts (fields and files) read from one request. */
const MAX_PARTS = 300;
/** Largest request body read, in bytes: 10 full files plus room for the text fields. */
const MAX_REQUEST_BYTES = MAX_FILES * MAX_FILE_BYTES + 4 * 1024 * 1024;

/** Why a file was refused. */
type RejectionReason = "too-large" | "too-many" | "not-an-image" | "unsupported" | "too-many-pixels" | "damaged";

/** A file as received: the form field, the (display-only) file name and its bytes. */
type UploadedFile = { field: string; fileName: string; bytes: Buffer };

/** A refused file: the field, its display name, the reason and a message for staff. */
type UploadRejection = { field: string; fileName: string; reason: RejectionReason };

/** What `parseUploadForm` read: the text fields, the kept files and the refused ones. */
type ParsedUploadForm = { fields: FormData; files: UploadedFile[]; rejected: UploadRejection[] };

/**
 * Thrown when the request cannot be read as an upload form at all: not multipart, malformed, too
 * many parts or a body over `MAX_REQUEST_BYTES`. `messageKey` is the message for staff (translate
 * it in their language), `message` its English text for logs; `status` is 400 or 413.
 */
class UploadRequestError extends Error {
  constructor(
    readonly messageKey: "upload.badRequest" | "upload.requestTooLarge",
    readonly status: 400 | 413,
    options?: { cause?: unknown },
  ) {
    super(englishAdminT(messageKey), options);
    this.name = "UploadRequestError";
  }
}

/**
 * A form refused because its request could not be read as an upload form at all (see
 * `UploadRequestError`): the body was not read, so nothing typed comes back; the reason is the
 * form's message, in the staff member's language. Shaped as every upload form's refusal.
 */
export type UnreadableUploadForm = {
  ok: false;
  status: 400 | 413;
  values: Record<string, never>;
  fieldErrors: Record<string, never>;
  fileErrors: string[];
  formError: string;
};

/**
 * `parseUploadForm`, with the one answer every upload form gives a request it cannot read.
 * @returns `{ ok: true, upload }` with the parsed form, or the refusal to answer with (400/413).
 * @throws what `parseUploadForm` throws other than `UploadRequestError` (a bug or a disk error).
 */
async function readUploadForm(
  request: Request,
  fileFields: readonly string[],
  t: AdminTranslate,
): Promise<{ ok: true; upload: ParsedUploadForm } | UnreadableUploadForm> {
  try {
    return { ok: true, upload: await parseUploadForm(request, fileFields) };
  } catch (error) {
    if (!(error instanceof UploadRequestError)) throw error;
    return {
      ok: false,
      status: error.status,
      values: {},
      fieldErrors: {},
      fileErrors: [],
      formError: t(error.messageKey),
    };
  }
}

/**
 * The name of an uploaded file as it may be shown: the last path segment, control characters
 * removed, at most 80 characters; "image" when nothing is left. Never used to store anything.
 */
function displayFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = Array.from(base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim());
  if (clean.length === 0) return "image";
  return clean.length > 80 ? `${clean.slice(0, 77).join("")}…` : clean.join("");
}

/**
 * The staff-facing messages for refused files, through `t`: one per file, then "choose them again"
 * (a browser never sends a file twice); none when nothing was refused.
 */
function rejectionMessages(rejected: readonly UploadRejection[], t: AdminTranslate): string[] {
  return rejected.length > 0 ? [...rejected.map((r) => rejectionMessage(r, t)), t("upload.chooseAgain")] : [];
}

/** The staff-facing message for a refused file, through `t` (the staff member's translator). */
function rejectionMessage(
  { fileName, reason }: Pick<UploadRejection, "fileName" | "reason">,
  t: AdminTranslate,
): string {
  const file = fileName;
  switch (reason) {
    case "too-large":
      return t("upload.tooLarge", { file, mb: MAX_FILE_BYTES / (1024 * 1024) });
    case "too-many":
      return t("upload.tooMany", { file, max: MAX_FILES });
    case "not-an-image":
      return t("upload.notImage", { file });
    case "unsupported":
      return t("upload.unsupported", { file });
    case "too-many-pixels":
      return t("upload.tooManyPixels", { file, mp: Math.round(MAX_INPUT_PIXELS / 1_000_000) });
    case "damaged":
      return t("upload.damaged", { file });
  }
}

function reject(field: string, fileName: string, reason: RejectionReason): UploadRejection {
  return { field, fileName, reason };
}

/**
 * Reads a multipart/form-data request (see the module comment for the limits).
 *
 * @param request the action's request.
 * @param fileFields names of the fields whose files are kept (e.g. ["images"]); files of other
 *   fields are read and dropped.
 * @returns text fields as FormData (no files in it), kept files in the order sent, refused files.
 * @throws {UploadRequestError} for a request that is not multipart, is malformed, has more than
 *   `MAX_PARTS` parts or a body over `MAX_REQUEST_BYTES` bytes.
 */
async function parseUploadForm(request: Request, fileFields: readonly string[]): Promise<ParsedUploadForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UploadRequestError("upload.badRequest", 400);
  }
  const files: UploadedFile[] = [];
  const rejected: UploadRejection[] = [];
  let parts = 0;
  let totalBytes = 0;
  let fileCount = 0;

  /** Reads a part's data, keeping at most `keep` bytes; throws once the whole body is too large. */
  async function read(data: AsyncIterable<Uint8Array>, keep: number): Promise<{ kept: Buffer; size: number }> {
    const chunks: Buffer[] = [];
    let size = 0;
    let keptBytes = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      totalBytes += chunk.byteLength;
      if (totalBytes > MAX_REQUEST_BYTES) throw new UploadRequestError("upload.requestTooLarge", 413);
      if (keptBytes < keep) {
        const slice = chunk.subarray(0, keep - keptBytes);
        chunks.push(Buffer.from(slice));
        keptBytes += slice.byteLength;
      }
    }
    return { kept: Buffer.concat(chunks), size };
  }

  const handler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new UploadRequestError("upload.badRequest", 400);
    if (typeof filename !== "string") {
      return (await read(data, MAX_FIELD_BYTES)).kept.toString("utf8");
    }
    const fileName = displayFileName(filename);
    if (!fileFields.includes(name)) {
      await read(data, 0);
      return undefined;
    }
    // An empty file input still sends a part: no name, no bytes.
    if (filename === "") {
      await read(data, 0);
      return undefined;
    }
    fileCount += 1;
    if (fileCount > MAX_FILES) {
      await read(data, 0);
      rejected.push(reject(name, fileName, "too-many"));
      return undefined;
    }
    const { kept, size } = await read(data, MAX_FILE_BYTES + 1);
    if (size > MAX_FILE_BYTES) rejected.push(reject(name, fileName, "too-large"));
    else if (size === 0) rejected.push(reject(name, fileName, "not-an-image"));
    else files.push({ field: name, fileName, bytes: kept });
    return undefined;
  };

  let fields: FormData;
  try {
    fields = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof UploadRequestError) throw error;
    throw new UploadRequestError("upload.badRequest", 400, { cause: error });
  }
  return { fields, files, rejected };
}

/**
 * Sniffs a file's content: null when sharp reads it as an accepted raster format within the pixel
 * limit (after EXIF orientation), otherwise the reason it is refused. Reads the header only.
 */
async function checkImage(bytes: Buffer): Promise<RejectionReason | null> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!ACCEPTED_FORMATS.has(metadata.format)) return "unsupported";
    const { width, height } = metadata.autoOrient;
    if (!(width > 0 && height > 0)) return "not-an-image";
    if (width * height > MAX_INPUT_PIXELS) return "too-many-pixels";
    return null;
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return "too-many-pixels";
    return "not-an-image";
  }
}

/**
 * Sniffs every file (`checkImage`) and returns the refusals, in the order of the files.
 * Nothing is written.
 */
async function checkUploads(files: readonly UploadedFile[]): Promise<UploadRejection[]> {
  const rejections: UploadRejection[] = [];
  for (const file of files) {
    const reason = await checkImage(file.bytes);
    if (reason) rejections.push(reject(file.field, file.fileName, reason));
  }
  return rejections;
}

/**
 * Stores each file through `storeImage` (one at a time: sharp already uses every core), with the
 * file name as alternative text fallback `alt`. When any file fails, the images stored so far are
 * removed and the refusals are returned instead.
 *
 * @returns `{ stored }` in the order of the files, or `{ rejected }` (nothing left stored).
 * @throws the storage's error (the file system's or the bucket's) when a variant cannot be written
 *   (nothing left stored either).
 */
async function storeUploads(
  files: readonly UploadedFile[],
  alt: string,
): Promise<{ stored: StoredImage[]; rejected: [] } | { stored: []; rejected: UploadRejection[] }> {
  const stored: StoredImage[] = [];
  const rejected: UploadRejection[] = [];
  try {
    for (const file of files) {
      try {
        stored.push(await storeImage(file.bytes, { alt, maxInputBytes: MAX_FILE_BYTES }));
      } catch (error) {
        if (!(error instanceof ImageProcessingError)) throw error;
        const reason = (await checkImage(file.bytes)) ?? "damaged";
        rejected.push(reject(file.field, file.fileName, reason));
      }
    }
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
  if (rejected.length > 0) {
    await discardStored(stored);
    return { stored: [], rejected };
  }
  return { stored, rejected: [] };
}

/**
 * Removes the files of images stored by this request (e.g. after the database write failed).
 * Never throws: a file that cannot be removed is logged and left for an operator.
 */
async function discardStored(stored: readonly Pick<StoredImage, "key">[]): Promise<void> {
  await removeImageFiles(stored.map((image) => image.key));
}

/**
 * Removes the variants of stored images by key (their folder, or their objects in the bucket),
 * after their rows were deleted. Never throws: an image that cannot be removed is logged and left
 * behind (it is unreachable without its row's key being linked anywhere).
 */
export async function removeImageFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await removeStoredImage(key);
      } catch (error) {
        log.error({ err: error, image: key }, "Could not remove an image's stored variants");
      }
    }),
  );
}

/**
 * What `saveUploadForm` asks of one form, made from its text fields once the body is read: `Field`
 * names the fields that can have a message, `Input` is what the check makes of them, `Result` is
 * the form's answer (saved or refused).
 */
export type UploadFormSteps<Field extends string, Input, Result> = {
  /** How many of the files sent the form takes, in the order sent (a logo: 1); all when absent. */
  maxFiles?: number;
  /**
   * Checks the text fields: `{ ok: true, input, alt }` (what to write, and the pictures'
   * alternative text), `{ ok: false, fieldErrors }` (a message per field), or `{ answer }`, which
   * ends the save before the files are looked at (e.g. 404 for a row that is gone).
   */
  check: () => Promise<
    { ok: true; input: Input; alt: string } | { ok: false; fieldErrors: FieldErrors<Field> } | { answer: Result }
  >;
  /** The refusal (400) of fields or files to correct, with their messages in the staff member's language. */
  refuse: (messages: { fieldErrors: FieldErrors<Field>; fileErrors: string[] }) => Result;
  /**
   * Writes the rows with the stored pictures (in the order of the files; none when none was sent),
   * in one transaction. Returns the answer and `removedKeys`: the pictures the write replaced or
   * removed, whose files go once it has committed; null when it wrote nothing (e.g. the row is
   * gone), and the pictures just stored go instead.
   */
  write: (input: Input, images: StoredImage[]) => Promise<{ answer: Result; removedKeys: readonly string[] | null }>;
  /**
   * The answer to a write that threw (the pictures just stored are removed already); `again` is
   * the "choose the files again" message when files were sent, else empty. Absent: the error is
   * thrown on.
   */
  failed?: (error: unknown, again: string[]) => Result;
};

/**
 * Saves a form with pictures, the steps every such form takes in this order:
 * 1. read the multipart body (`readUploadForm`, with `fileFields`'s files); a body that cannot be
 *    read is answered with its refusal (400/413), nothing else done;
 * 2. make the form's steps from its text fields (`stepsFor`) and check them (`check`), then sniff
 *    every file (`checkUploads`); any problem is refused (`refuse`) with all the messages, fields'
 *    and files' at once, before anything is stored;
 * 3. store the pictures (`storeUploads`: WebP variants in the uploads storage); a file the pipeline
 *    refuses is refused so, nothing left stored;
 * 4. write the rows (`write`); when it throws, the pictures just stored are removed and `failed`
 *    answers (or the error is thrown on); when it wrote nothing, they are removed too;
 * 5. once the write has committed, remove the files of the pictures it replaced (`removedKeys`).
 * Removing files never throws (a file that cannot be removed is logged).
 *
 * @returns the form's answer, or `UnreadableUploadForm` for a body that could not be read.
 * @throws the storage's error when a picture cannot be stored (nothing left stored); the write's
 *   error when there is no `failed`; what `parseUploadForm` throws other than its refusals.
 */
export async function saveUploadForm<Field extends string, Input, Result>(
  request: Request,
  fileFields: readonly string[],
  t: AdminTranslate,
  stepsFor: (fields: FormData) => UploadFormSteps<Field, Input, Result>,
): Promise<Result | UnreadableUploadForm> {
  const read = await readUploadForm(request, fileFields, t);
  if (!read.ok) return read;
  const steps = stepsFor(read.upload.fields);
  const files = read.upload.files.slice(0, steps.maxFiles);
  const checked = await steps.check();
  if ("answer" in checked) return checked.answer;
  const rejected = [...read.upload.rejected, ...(await checkUploads(files))];
  if (!checked.ok || rejected.length > 0) {
    const fieldErrors = checked.ok ? {} : checked.fieldErrors;
    return steps.refuse({ fieldErrors, fileErrors: rejectionMessages(rejected, t) });
  }

  const stored = await storeUploads(files, checked.alt);
  if (stored.rejected.length > 0)
    return steps.refuse({ fieldErrors: {}, fileErrors: rejectionMessages(stored.rejected, t) });
  let written: Awaited<ReturnType<typeof steps.write>>;
  try {
    written = await steps.write(checked.input, stored.stored);
  } catch (error) {
    await discardStored(stored.stored);
    if (!steps.failed) throw error;
    // The files were read but not kept: a browser never sends them again by itself.
    return steps.failed(error, files.length > 0 ? [t("upload.chooseAgain")] : []);
  }
  if (written.removedKeys === null) await discardStored(stored.stored);
  else await removeImageFiles(written.removedKeys);
  return written.answer;
}
