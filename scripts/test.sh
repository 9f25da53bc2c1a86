#!/usr/bin/env bash
# `npm test`: unit tests, then integration tests on real PostgreSQL, Temporal and the dev chains, in two shards at
# once (TEST_SHARDS), each with services of its own started by the jest global setup and stopped after: most of an
# integration test is waiting on blocks, timers and other processes. With arguments (a path, -t NAME), one jest run
# as given. Prints a plain "N passed, N failed" line at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
jest=node_modules/.bin/jest
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
summary() {
  node -e '
    const fs = require("node:fs"), path = require("node:path");
    const dir = process.argv[1];
    const runs = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
    const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
    console.log(sum("numPassedTests") + " passed, " + sum("numFailedTests") + " failed" + (sum("numPendingTests") ? ", " + sum("numPendingTests") + " skipped" : ""));
  ' "$results"
}
if [ $# -gt 0 ]; then
  "$jest" --ci --json --outputFile="$results/all.json" "$@"
  code=$?
  summary
  exit $code
fi
"$jest" --ci --json --outputFile="$results/unit.json" --selectProjects unit
code=$?
shards=${TEST_SHARDS:-2}
pids=()
for i in $(seq 1 "$shards"); do
  # The first shard prints as it goes; the others print when they are done.
  if [ "$i" -eq 1 ]; then
    "$jest" --ci --json --outputFile="$results/integration-$i.json" --selectProjects integration --shard="$i/$shards" &
  else
    "$jest" --ci --json --outputFile="$results/integration-$i.json" --selectProjects integration --shard="$i/$shards" >"$results/shard-$i.log" 2>&1 &
  fi
  pids+=($!)
done
for i in $(seq 1 "$shards"); do
  wait "${pids[$((i - 1))]}" || code=1
  [ "$i" -gt 1 ] && { echo "--- integration shard $i of $shards ---" >&2; cat "$results/shard-$i.log" >&2; }
done
summary
exit $code
