#!/bin/sh
# Stand-in for Prisma's Rust schema engine, which cannot be downloaded on an offline machine.
# `prisma generate`, `validate` and `format` only check that this file exists.
# Migrations go through Prisma's WebAssembly engine instead: npm run db:migrate:create / db:migrate:deploy.
echo "haat: the Rust schema engine is not installed; use 'npm run db:migrate:deploy' (scripts/db/migrate.mjs)." >&2
exit 1
