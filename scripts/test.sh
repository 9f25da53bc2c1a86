#!/usr/bin/env bash
# `npm test`: the unit tests, and beside them the integration tests on real PostgreSQL, Temporal and the EVM nodes, in
# TEST_SHARDS shards (3 unless set), each a jest process with its own services (its global setup starts them and its
# teardown stops them), since most of a file's time is waiting on blocks and timers. The files are split by their
# measured durations (test/support/sequencer.js). With arguments (`npm test -- test/integration/x.test.ts`), one jest
# run with them instead. Each line is prefixed with its run's name; a plain "N passed, N failed" line closes the output,
# after the last lines of any run that failed before its tests.
# TEST_DURATIONS=update rewrites test/support/integration-durations.json from the run.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

run() { # name, jest args...
  local name=$1
  shift
  node_modules/.bin/jest --ci --json --outputFile="$results/$name.json" "$@" 2>&1 | sed -u "s/^/[$name] /" | tee "$results/$name.log"
  return "${PIPESTATUS[0]}"
}

code=0
names=()
if [ $# -gt 0 ]; then
  names=(jest)
  run jest "$@" || code=1
else
  shards=${TEST_SHARDS:-3}
  pids=()
  names=(unit)
  run unit --selectProjects unit & pids+=($!)
  for i in $(seq 1 "$shards"); do
    names+=("integration-$i")
    run "integration-$i" --selectProjects integration --shard="$i/$shards" & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || code=1; done
fi

node -e '
const fs = require("node:fs"), path = require("node:path");
const [dir, ...names] = process.argv.slice(1);
const missing = names.filter((n) => !fs.existsSync(path.join(dir, n + ".json")));
// A run without results failed before its tests (its global setup): its last lines are repeated here, where a CI
// log shows its tail.
for (const n of missing) {
  const lines = fs.readFileSync(path.join(dir, n + ".log"), "utf8").trimEnd().split("\n");
  console.error("no results from " + n + " (its setup failed); its last lines:\n" + lines.slice(-40).join("\n"));
}
const runs = names.filter((n) => !missing.includes(n)).map((n) => JSON.parse(fs.readFileSync(path.join(dir, n + ".json"), "utf8")));
const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
if (process.env.TEST_DURATIONS === "update") {
  const out = "test/support/integration-durations.json";
  const seconds = JSON.parse(fs.readFileSync(out, "utf8"));
  for (const t of runs.flatMap((r) => r.testResults)) {
    const file = path.relative(process.cwd(), t.name);
    if (file.startsWith("test/integration/")) seconds[file] = Math.round((t.endTime - t.startTime) / 1000);
  }
  fs.writeFileSync(out, JSON.stringify(Object.fromEntries(Object.entries(seconds).sort()), null, 2) + "\n");
}
const failedSuites = sum("numFailedTestSuites") + sum("numRuntimeErrorTestSuites");
console.log(sum("numPassedTests") + " passed, " + sum("numFailedTests") + " failed" + (sum("numPendingTests") ? ", " + sum("numPendingTests") + " skipped" : "") + (failedSuites && !sum("numFailedTests") ? ", " + failedSuites + " suite(s) failed to run" : ""));
' "$results" "${names[@]}"
exit $code
