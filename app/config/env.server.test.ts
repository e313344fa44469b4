import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults outside production", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/haat.db");
    expect(env.databasePath.endsWith("/data/haat.db")).toBe(true);
    expect(env.COOKIE_SECURE).toBe(false);
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });
  it("requires SESSION_SECRET in production and secures cookies there", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), PUBLIC_URL: "https://shop.example" };
    const env = parseEnv(production);
    expect(env.COOKIE_SECURE).toBe(true);
    expect(parseEnv({ ...production, COOKIE_SECURE: "false" }).COOKIE_SECURE).toBe(false);
  });
  it("requires PUBLIC_URL in production, so the canonical host never comes from a request header", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })).toThrow(
      /PUBLIC_URL is required in production/,
    );
    expect(parseEnv({ NODE_ENV: "development" }).PUBLIC_URL).toBeUndefined();
  });
  it("lists every invalid variable at once", () => {
    try {
      parseEnv({ PORT: "http", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", SHOP_EMAIL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SESSION_SECRET", "SHOP_EMAIL"]) expect(message).toContain(name);
    }
  });
  it("names the database by DATABASE_URL's scheme: a file is SQLite, postgresql:// is PostgreSQL", () => {
    expect(parseEnv({ DATABASE_URL: "file:./x.db" })).toMatchObject({ databaseKind: "sqlite" });
    const pg = parseEnv({ DATABASE_URL: "postgresql://haat:pw@127.0.0.1:5432/haat" });
    expect(pg).toMatchObject({ databaseKind: "postgresql", databasePath: "" });
    expect(parseEnv({ DATABASE_URL: "postgres://h/haat" }).databaseKind).toBe("postgresql");
    expect(() => parseEnv({ DATABASE_URL: "mysql://h/haat" })).toThrow(/DATABASE_URL must look like/);
  });
  it("reports a missing production secret together with other problems", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PORT: "abc" })).toThrow(
      /PORT must be a port number[\s\S]*SESSION_SECRET is required in production/,
    );
  });
});

describe("PUBLIC_URL", () => {
  it("is optional and normalised to an origin", () => {
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: "https://Shop.Example/" }).PUBLIC_URL).toBe("https://shop.example");
    expect(parseEnv({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
  });
  it("refuses anything that is not an http(s) origin", () => {
    for (const bad of ["shop.example", "ftp://shop.example", "https://shop.example/shop", "https://x.example/?a=1"]) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be an http\(s\) origin/);
    }
  });
});

describe("SHOP_PHONE_ORDER_LIMIT and SHOP_ADDRESS_ORDER_LIMIT", () => {
  it("default to 3 orders per phone and 5 per address, and take 0 for no limit", () => {
    expect(parseEnv({})).toMatchObject({ SHOP_PHONE_ORDER_LIMIT: 3, SHOP_ADDRESS_ORDER_LIMIT: 5 });
    expect(parseEnv({ SHOP_PHONE_ORDER_LIMIT: "0", SHOP_ADDRESS_ORDER_LIMIT: " 12 " })).toMatchObject({
      SHOP_PHONE_ORDER_LIMIT: 0,
      SHOP_ADDRESS_ORDER_LIMIT: 12,
    });
  });
  it("refuses anything that is not a whole number up to 1,000", () => {
    for (const bad of ["-1", "2.5", "three", "1001"]) {
      expect(() => parseEnv({ SHOP_PHONE_ORDER_LIMIT: bad }), bad).toThrow(
        /SHOP_PHONE_ORDER_LIMIT must be a whole number/,
      );
    }
  });
});

describe("the pictures' storage: UPLOADS_DIR, or UPLOADS_URL and the S3 variables", () => {
  const keys = { AWS_ACCESS_KEY_ID: "AKIAEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret-example" };

  it("is the local folder by default", () => {
    const env = parseEnv({ UPLOADS_DIR: "./pictures" });
    expect(env.uploadsStorage).toEqual({ kind: "local", root: env.uploadsPath });
    expect(env.uploadsPath.endsWith("/pictures")).toBe(true);
  });

  it("is a bucket on AWS for s3://bucket/prefix, in us-east-1 with virtual-hosted addresses", () => {
    expect(parseEnv({ UPLOADS_URL: "s3://shop-pictures/haat/images/", ...keys }).uploadsStorage).toEqual({
      kind: "s3",
      bucket: "shop-pictures",
      prefix: "haat/images",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-example",
      publicUrl: undefined,
    });
    expect(parseEnv({ UPLOADS_URL: "s3://shop-pictures", ...keys }).uploadsStorage).toMatchObject({ prefix: "" });
  });

  it("uses path-style addresses with S3_ENDPOINT unless told otherwise, and takes R2's region auto", () => {
    const minio = parseEnv({ UPLOADS_URL: "s3://haat", S3_ENDPOINT: "http://127.0.0.1:9000/", ...keys });
    expect(minio.uploadsStorage).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    const r2 = parseEnv({
      UPLOADS_URL: "s3://haat",
      S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: "false",
      UPLOADS_PUBLIC_URL: "https://images.shop.example/",
      ...keys,
    });
    expect(r2.uploadsStorage).toMatchObject({
      region: "auto",
      forcePathStyle: false,
      publicUrl: "https://images.shop.example",
    });
  });

  it("refuses a UPLOADS_URL that is not s3://bucket/prefix", () => {
    for (const bad of [
      "https://bucket/x",
      "s3://",
      "s3://UpperCase",
      "s3://ab",
      "s3://bucket/../x",
      "s3://bucket/a b",
    ]) {
      expect(() => parseEnv({ UPLOADS_URL: bad, ...keys }), bad).toThrow(/UPLOADS_URL must look like s3:\/\/bucket/);
    }
  });

  it("requires both keys with UPLOADS_URL, and UPLOADS_URL with UPLOADS_PUBLIC_URL, naming each", () => {
    expect(() => parseEnv({ UPLOADS_URL: "s3://haat" })).toThrow(
      /AWS_ACCESS_KEY_ID is required when UPLOADS_URL[\s\S]*AWS_SECRET_ACCESS_KEY is required/,
    );
    expect(() => parseEnv({ UPLOADS_PUBLIC_URL: "https://images.shop.example" })).toThrow(
      /UPLOADS_PUBLIC_URL needs UPLOADS_URL/,
    );
  });

  it("refuses an S3_ENDPOINT, S3_REGION or UPLOADS_PUBLIC_URL that is not one", () => {
    const s3 = { UPLOADS_URL: "s3://haat", ...keys };
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT must be an http\(s\) address/);
    expect(() => parseEnv({ ...s3, S3_REGION: "US East" })).toThrow(/S3_REGION must be a region name/);
    expect(() => parseEnv({ ...s3, UPLOADS_PUBLIC_URL: "cdn.example" })).toThrow(/UPLOADS_PUBLIC_URL must be/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe("COURIER_TIMEOUT_SECONDS", () => {
  it("is 15 s by default and takes a whole number of seconds from 1 to 120", () => {
    expect(parseEnv({})).toMatchObject({ COURIER_TIMEOUT_SECONDS: 15 });
    expect(parseEnv({ COURIER_TIMEOUT_SECONDS: "40" })).toMatchObject({ COURIER_TIMEOUT_SECONDS: 40 });
    for (const bad of ["0", "121", "2.5", "soon"]) {
      expect(() => parseEnv({ COURIER_TIMEOUT_SECONDS: bad }), bad).toThrow(
        /COURIER_TIMEOUT_SECONDS must be a whole number/,
      );
    }
  });
});
