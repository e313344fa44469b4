-- The rate limits' counts, shared by every process of every app node (app/server/rate-limit.server.ts;
-- docs/decisions/053-two-databases.md), in the layout of rate-limiter-flexible's RateLimiterPostgres:
-- one row per limit and key ("login-address:203.0.113.9"), its points used and when its window ends
-- (ms since 1970). On SQLite the limits count in memory (one machine), so the table is PostgreSQL's
-- only, and Prisma's schema leaves it out (scripts/migrate.mjs names it as an external table).
CREATE TABLE "RateLimit" (
    "key" varchar(255) PRIMARY KEY,
    "points" integer NOT NULL DEFAULT 0,
    "expire" bigint
);
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");
