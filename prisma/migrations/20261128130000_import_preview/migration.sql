-- The stored dry run of an import, worked out once off the request path.
ALTER TABLE "ProductImport" ADD COLUMN "preview" TEXT NOT NULL DEFAULT '';
