#!/usr/bin/env bash
# Installs what the project needs when it is missing or stale: npm packages and the generated Prisma client.
# The Temporal CLI is found or built by the launcher and the test harness themselves (dev/launcher/temporal-server.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: with this machine's omit-lockfile-registry-resolved, npm 11 ci reports
  # other platforms' optional binaries as missing from the lock. install still follows the lock.
  npm install --no-audit --no-fund >&2
fi
if [ ! -f src/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt src/generated/prisma/client.ts ]; then
  npx prisma generate >&2
fi
