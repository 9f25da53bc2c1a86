#!/usr/bin/env bash
# Installs what the project needs when it is missing or stale: npm packages and the generated Prisma client.
# The Temporal CLI is found or built by the launcher and the test harness themselves (dev/launcher/temporal-server.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: with this machine's omit-lockfile-registry-resolved, npm 11 ci reports
  # other platforms' optional binaries as missing from the lock. install still follows the lock. --prefer-offline:
  # the lock fixes every version, so packages' metadata already in npm's cache is not asked for again (a fresh clone
  # installed in 37-38 s with it against 43-46 s without, same machine, warm cache).
  npm install --no-audit --no-fund --prefer-offline >&2
fi
if [ ! -f src/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt src/generated/prisma/client.ts ]; then
  npx prisma generate >&2
fi
