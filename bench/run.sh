#!/usr/bin/env bash
# Benchmarks (not part of npm test). Each script starts the real services it needs, measures its baseline beside its
# own figure (bench/bare.ts, in passes alternating with its own) and prints its RESULT lines. Every RESULT line is
# repeated at the end; the run fails when a benchmark failed or missed its target.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
mkdir -p .data
out=$(mktemp)
failed=()
for b in bench/*.ts; do
  case "$b" in bench/bare.ts|bench/bare-workflow.ts|bench/load.ts|bench/result.ts|bench/support.ts) continue ;; esac
  echo "== $b"
  node_modules/.bin/tsx "$b" | tee -a "$out" || failed+=("$b")
done
echo "== summary"
grep '^RESULT' "$out"
rm -f "$out"
if [ ${#failed[@]} -gt 0 ]; then echo "bench: failed or missed a target: ${failed[*]}"; exit 1; fi
