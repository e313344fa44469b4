# haat as a container image: one Node process, the database and the uploads as volumes, run as the
# non-root user "haat". Build and run (see docs/deploy/README.md):
#   docker build -t haat .
#   docker run -d --name haat -p 3000:3000 \
#     -e SESSION_SECRET="$(openssl rand -hex 32)" -e PUBLIC_URL=https://shop.example -e TRUST_PROXY=true \
#     -v haat-data:/data -v haat-uploads:/uploads haat
# Stop it with `docker stop` (SIGTERM: requests in flight finish, within SHUTDOWN_TIMEOUT_SECONDS).

# Node.js 24 LTS (supported until April 2028; docs/decisions/058-node-24-and-the-test-loop.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Prisma's client is generated from the schema by the postinstall script.
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX, --max-old-space-size, --max-semi-space-size and --optimize-for-size below: the memory
# limits `npm start` sets (docs/decisions/039-memory.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATABASE_URL=file:/data/haat.db \
    UPLOADS_DIR=/uploads
WORKDIR /app
# pg_dump, for `npm run backup` when DATABASE_URL names PostgreSQL (docs/deploy/scale-out.md): Debian
# bookworm's, version 15, for a PostgreSQL server of 15 or older.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system haat \
    && useradd --system --gid haat --home-dir /app --shell /usr/sbin/nologin haat \
    && mkdir -p /data /uploads /backups \
    && chown haat:haat /data /uploads /backups \
    && chmod 0700 /data /backups
# The whole install is kept: migrations (scripts/db/migrate.mjs) and `npm run backup` use packages
# that are development dependencies. The code is owned by root and read-only for the app.
COPY --from=build /app /app
USER haat
VOLUME ["/data", "/uploads"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
    CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Pending migrations first, then the server; exec so that the server receives SIGTERM itself.
CMD ["sh", "-c", "node scripts/db/migrate.mjs deploy && exec node --max-old-space-size=192 --max-semi-space-size=4 --optimize-for-size server.js"]
