/**
 * Configuration, read once from the environment and validated with zod at start-up.
 *
 * `getEnv()` returns the parsed configuration; the first call parses `process.env` and throws an
 * `EnvError` listing every invalid variable. `server.js` calls it before listening, so a wrong
 * variable stops the process with a clear message and a non-zero exit.
 * The SHOP_* values are first-start defaults of the shop's settings (app/models/settings.server.ts);
 * nothing here reaches the browser.
 */
import path from "node:path";
import { z } from "zod";

const DEV_SESSION_SECRET = "haat-development-secret-not-for-production-use";

/** A whole number from 0 to `max` (empty or absent: `fallback`). */
const optionalCount = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      if (v === "") return fallback;
      if (!/^\d+$/.test(v) || Number(v) > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from 0 to ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });

const optionalString = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? fallback : v))
    .default(fallback);

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/** The databases haat runs on (docs/decisions/053-two-databases.md). */
export type DatabaseKind = "sqlite" | "postgresql";

/** Which database a DATABASE_URL names, by its scheme: `file:` is SQLite, anything else PostgreSQL. */
export function databaseKindOf(databaseUrl: string): DatabaseKind {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /**
     * The database (docs/decisions/053-two-databases.md): a SQLite file as `file:<path>`, the path
     * relative to the working directory (the default), or PostgreSQL as
     * `postgresql://user:password@host:5432/haat` (`postgres://` is accepted too).
     */
    DATABASE_URL: z
      .string()
      .trim()
      .regex(
        /^(file:.+|postgres(ql)?:\/\/.+)$/,
        "must look like file:./data/haat.db or postgresql://user:password@host:5432/haat",
      )
      .default("file:./data/haat.db"),
    /** Signs the session, cart and flash cookies. At least 32 characters; required in production. */
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * Folder where uploaded and generated images are stored (the local storage, the default); with
     * UPLOADS_URL, only the folder `npm run migrate:to-s3` copies from by default.
     */
    UPLOADS_DIR: optionalString("./uploads"),
    /**
     * Pictures in an S3-compatible bucket instead of UPLOADS_DIR (docs/decisions/054-picture-storage.md):
     * `s3://bucket` or `s3://bucket/a/prefix`. Empty: the local folder.
     */
    UPLOADS_URL: z
      .string()
      .trim()
      .default("")
      .transform((v, ctx) => {
        if (v === "") return undefined;
        const parsed = parseBucketUrl(v);
        if (!parsed) {
          ctx.addIssue({
            code: "custom",
            message:
              "must look like s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lowercase letters, digits, dots and hyphens; a prefix of plain path segments)",
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /** The S3 API's address for a provider other than AWS (R2, MinIO, Garage, B2); empty: AWS. */
    S3_ENDPOINT: z
      .string()
      .trim()
      .default("")
      .refine(
        (v) => v === "" || isHttpUrl(v),
        "must be an http(s) address such as https://<account>.r2.cloudflarestorage.com",
      )
      .transform((v) => v.replace(/\/+$/, "") || undefined),
    /** The bucket's region; "auto" for Cloudflare R2. */
    S3_REGION: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^[a-z0-9-]{2,40}$/.test(v), "must be a region name such as us-east-1 or auto")
      .transform((v) => v || "us-east-1"),
    /** Path-style addresses (`endpoint/bucket/key`); defaults to true when S3_ENDPOINT is set (MinIO, Garage). */
    S3_FORCE_PATH_STYLE: booleanFlag,
    AWS_ACCESS_KEY_ID: z.string().trim().default(""),
    AWS_SECRET_ACCESS_KEY: z.string().trim().default(""),
    /**
     * The public address of the bucket (or a CDN in front of it), without the prefix: /uploads/…
     * then redirects there instead of streaming each picture through haat. Needs UPLOADS_URL.
     */
    UPLOADS_PUBLIC_URL: z
      .string()
      .trim()
      .default("")
      .transform((v, ctx) => {
        if (v === "") return undefined;
        if (!isHttpUrl(v) || /[?#]/.test(v)) {
          ctx.addIssue({ code: "custom", message: "must be an http(s) address such as https://images.shop.example" });
          return z.NEVER;
        }
        return v.replace(/\/+$/, "");
      }),
    PORT: z.coerce
      .number({ error: "must be a port number (1-65535)" })
      .int("must be a port number (1-65535)")
      .min(1, "must be a port number (1-65535)")
      .max(65535, "must be a port number (1-65535)")
      .default(3000),
    /** Mark cookies Secure (HTTPS only). Defaults to true in production. */
    COOKIE_SECURE: booleanFlag,
    /**
     * Let a product import fetch pictures from private, loopback and link-local addresses. Off by
     * default (a file must not make the server reach into its own network); tests turn it on to
     * serve pictures from a local server.
     */
    IMPORT_IMAGES_ALLOW_PRIVATE: booleanFlag.transform((v) => v ?? false),
    /** Trust one reverse proxy hop for the client address (X-Forwarded-For). */
    TRUST_PROXY: booleanFlag.transform((v) => v ?? false),
    /**
     * The shop's public address (scheme, host, optional port; no path), e.g. https://shop.example.
     * Canonical URLs, Open Graph tags, JSON-LD and the sitemap use it. Required in production, so the canonical host never comes from a request
     * header; outside production it may be unset, and then each request's own address is used
     * (see docs/decisions/010-http-caching-and-seo.md).
     */
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        let url: URL | null = null;
        try {
          url = new URL(v);
        } catch {
          // reported below
        }
        if (!url || !/^https?:$/.test(url.protocol) || (url.pathname !== "/" && url.pathname !== "") || url.search) {
          ctx.addIssue({ code: "custom", message: "must be an http(s) origin such as https://shop.example" });
          return z.NEVER;
        }
        return url.origin;
      }),
    SHOP_NAME: optionalString("Haat Lights & Decor"),
    SHOP_TAGLINE: optionalString("Turn your space into a dream home"),
    SHOP_ABOUT: optionalString("Premium supplier of lighting solutions, fans and electrical switches in Bangladesh."),
    SHOP_EMAIL: z.string().trim().email("must be an e-mail address").default("hello@haat.example"),
    SHOP_PHONE: optionalString("+880 1700-000000"),
    SHOP_ADDRESS: optionalString("Shop 14, Gulistan Shopping Complex, Gulistan, Dhaka 1000"),
    // Checkout limits (docs/decisions/028-checkout-limits-and-blocklist.md): orders per phone and
    // per delivery address in 24 hours; 0 means no limit.
    SHOP_PHONE_ORDER_LIMIT: optionalCount(3, 1000),
    SHOP_ADDRESS_ORDER_LIMIT: optionalCount(5, 1000),
    /**
     * Steadfast's merchant API address (docs/decisions/029-courier-hand-off.md); tests point it at a
     * local server. Empty: Steadfast's production API.
     */
    STEADFAST_BASE_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) address")
      .transform((v) => v || undefined),
    /**
     * Pathao's merchant API address (docs/decisions/066-pathao.md); tests point it at a local
     * server. Empty: Pathao's production API (https://api-hermes.pathao.com; its sandbox is
     * https://courier-api-sandbox.pathao.com).
     */
    PATHAO_BASE_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) address")
      .transform((v) => v || undefined),
    /**
     * bKash's tokenized checkout API root (docs/payments.md); tests point it at a local server.
     * Empty: bKash's sandbox or live API, as the owner's sandbox switch on /admin/payments says.
     */
    BKASH_BASE_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) address")
      .transform((v) => v || undefined),
    /** Seconds one request to bKash may take before it is given up (1 to 120). */
    BKASH_TIMEOUT_SECONDS: optionalCount(30, 120).refine((v) => v >= 1, "must be a whole number from 1 to 120"),
    /**
     * The SMTP server new-order e-mails go through, as a URL: smtp://user:password@host:587 (STARTTLS
     * when the server offers it) or smtps://user:password@host:465. Empty: no e-mail is sent.
     */
    SMTP_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^smtps?:\/\/[^\s]+$/.test(v), "must look like smtp://user:password@host:587")
      .transform((v) => v || undefined),
    /**
     * The SMS gateways' API addresses (docs/decisions/065-sms.md); tests point them at a local
     * server. Empty: the gateway's production API.
     */
    SSL_WIRELESS_BASE_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) address")
      .transform((v) => v || undefined),
    BULKSMSBD_BASE_URL: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) address")
      .transform((v) => v || undefined),
    /** Seconds one request to the SMS gateway may take before it is given up (1 to 120). */
    SMS_TIMEOUT_SECONDS: optionalCount(15, 120).refine((v) => v >= 1, "must be a whole number from 1 to 120"),
    /**
     * Seconds between two looks at the SMS outbox for messages due (a retry, or one queued by another
     * process) while the server runs; 0 switches the timer off (a message is still sent right after
     * the change that queues it, by the process that made it).
     */
    SMS_OUTBOX_SECONDS: optionalCount(15, 3600),
    /** The sender of the e-mails, e.g. "Haat <orders@shop.example>"; empty: the shop's e-mail from the settings. */
    MAIL_FROM: z.string().trim().default(""),
    /** Minutes between two reads of the couriers' statuses while the server runs; 0 switches the schedule off. */
    COURIER_REFRESH_MINUTES: optionalCount(30, 24 * 60),
    /** Seconds one request to the courier may take before it is given up (1 to 120). */
    COURIER_TIMEOUT_SECONDS: optionalCount(15, 120).refine((v) => v >= 1, "must be a whole number from 1 to 120"),
    /**
     * Seconds the server gives requests in flight to finish after SIGTERM or SIGINT before it exits
     * anyway (server.js, docs/decisions/032-operations.md).
     */
    SHUTDOWN_TIMEOUT_SECONDS: optionalCount(10, 600),
    /**
     * Memory the page cache may use for stored pages, in MB (all encodings; server.js,
     * docs/decisions/036-page-cache.md); 0 turns the cache off.
     */
    PAGE_CACHE_MB: optionalCount(32, 4096),
    /**
     * Seconds a dropped page may still be served while one render refreshes it (stale while
     * revalidating; docs/decisions/051-page-cache-under-a-sale.md); 0: a changed page is never served.
     */
    PAGE_CACHE_STALE_SECONDS: optionalCount(3, 60),
    /**
     * Processes serving the shop on this machine (server.js, docs/decisions/052-one-process-per-core.md):
     * 1 (the default) is one process; "auto" is one per core.
     */
    WEB_CONCURRENCY: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], {
          error: 'must be a whole number from 1 to 64, or "auto" (one process per core)',
        })
        .default(1),
    ),
    /**
     * Internal: set by server.js's cluster primary in each process it forks, never by hand. "primary":
     * the rate limits are counted in the primary, for all its processes together
     * (app/server/rate-limit.server.ts); unset: in this process's memory.
     */
    HAAT_RATE_LIMITS: z.enum(["memory", "primary"]).default("memory"),
    /**
     * Internal: set by server.js's cluster primary, "1" in the one process that runs the background
     * jobs and "0" in the others (app/server/process/process-role.server.ts); unset: this process is the
     * only one, and runs them.
     */
    HAAT_BACKGROUND_JOBS: booleanFlag.transform((v) => v ?? true),
    /**
     * Internal: set by server.js's cluster primary, when it started, in ms since 1970, the same in
     * every process it forks (the product feeds' ETags name it); unset: this process's own start.
     */
    HAAT_STARTED_AT: z
      .string()
      .regex(/^\d{1,15}$/, "must be a time in ms")
      .optional()
      .transform((v) => (v === undefined ? undefined : Number(v))),
    /** The least important log lines written (app/server/log.server.ts); "silent" writes none. */
    LOG_LEVEL: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          error: "must be one of fatal, error, warn, info, debug, trace, silent",
        })
        .default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.UPLOADS_URL) {
      for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const) {
        if (env[name] === "") {
          ctx.addIssue({ code: "custom", path: [name], message: "is required when UPLOADS_URL names a bucket" });
        }
      }
    } else if (env.UPLOADS_PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["UPLOADS_PUBLIC_URL"],
        message: "needs UPLOADS_URL (the bucket it is the public address of)",
      });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (npm run setup writes one to .env)",
      });
    }
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production: the shop's public address, such as https://shop.example",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    /** Which database DATABASE_URL names: "sqlite" (a `file:` URL) or "postgresql". */
    databaseKind: databaseKindOf(env.DATABASE_URL),
    /** Absolute path of the SQLite file; "" when the database is PostgreSQL. */
    databasePath:
      databaseKindOf(env.DATABASE_URL) === "sqlite" ? path.resolve(env.DATABASE_URL.replace(/^file:/, "")) : "",
    /** Absolute path of the uploads folder. */
    uploadsPath: path.resolve(env.UPLOADS_DIR),
    /** Where the pictures are kept: UPLOADS_DIR, or the bucket UPLOADS_URL names. */
    uploadsStorage: uploadsStorageOf(env),
  }));

/** Where the pictures are kept (app/server/media/storage.server.ts makes the storage from it). */
export type UploadsStorageConfig =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      /** Key prefix without leading or trailing "/", "" for the bucket's root. */
      prefix: string;
      /** The API's origin; undefined: AWS. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
      /** Public origin of the bucket (no trailing "/"); undefined: haat streams the pictures. */
      publicUrl: string | undefined;
    };

function uploadsStorageOf(env: {
  UPLOADS_DIR: string;
  UPLOADS_URL: { bucket: string; prefix: string } | undefined;
  S3_ENDPOINT: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean | undefined;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  UPLOADS_PUBLIC_URL: string | undefined;
}): UploadsStorageConfig {
  if (!env.UPLOADS_URL) return { kind: "local", root: path.resolve(env.UPLOADS_DIR) };
  return {
    kind: "s3",
    ...env.UPLOADS_URL,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    publicUrl: env.UPLOADS_PUBLIC_URL,
  };
}

/** True for an absolute http: or https: URL. */
function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The bucket and key prefix of `s3://bucket[/prefix]`, or null when it is not one: a bucket name
 * as S3 allows (3-63 lowercase letters, digits, dots and hyphens, starting and ending with a
 * letter or digit), a prefix of segments without "." or ".." (slashes at its ends dropped).
 */
function parseBucketUrl(value: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(value);
  if (!match) return null;
  const segments = (match[2] ?? "").split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === ".." || !/^[A-Za-z0-9._-]+$/.test(segment))) {
    return null;
  }
  return { bucket: match[1]!, prefix: segments.join("/") };
}

export type Env = z.output<typeof envSchema>;

/** Thrown by `parseEnv` when a variable is invalid; the message lists each problem on its own line. */
export class EnvError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Parses an environment (default `process.env`).
 * @throws {EnvError} listing every invalid variable.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "env"} ${issue.message}`);
    // zod runs the production check only once everything else is valid: report it with the rest.
    if (
      source.NODE_ENV === "production" &&
      !source.SESSION_SECRET &&
      !issues.some((i) => i.startsWith("SESSION_SECRET"))
    ) {
      issues.push("SESSION_SECRET is required in production (npm run setup writes one to .env)");
    }
    throw new EnvError(issues);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration of this process (parsed on first use). @throws {EnvError} */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
