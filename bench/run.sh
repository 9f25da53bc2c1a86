#!/usr/bin/env bash
# Benchmarks (not part of npm test). The baselines are measured first, in this run on this machine; then each script
# starts the real services it needs and prints its figures, and its RESULT lines against those baselines. Every
# RESULT line is repeated at the end; the run fails when a benchmark failed or missed its target.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
mkdir -p .data
export BENCH_BASELINES=.data/bench-baselines.json
rm -f "$BENCH_BASELINES"
out=$(mktemp)
failed=()
echo "== bench/baselines.ts"
node_modules/.bin/tsx bench/baselines.ts || { echo "bench: the baselines could not be measured"; exit 1; }
for b in bench/*.ts; do
  case "$b" in bench/baselines.ts|bench/bare-workflow.ts|bench/load.ts|bench/result.ts|bench/support.ts) continue ;; esac
  echo "== $b"
  node_modules/.bin/tsx "$b" | tee -a "$out" || failed+=("$b")
done
echo "== summary"
grep '^RESULT' "$out"
rm -f "$out"
if [ ${#failed[@]} -gt 0 ]; then echo "bench: failed or missed a target: ${failed[*]}"; exit 1; fi
