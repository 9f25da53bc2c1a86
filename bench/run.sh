#!/usr/bin/env bash
# Benchmarks (not part of npm test): each script starts the real services it needs and prints its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
for b in bench/*.ts; do
  [ "$b" = bench/support.ts ] && continue
  echo "== $b"
  node_modules/.bin/tsx "$b"
done
