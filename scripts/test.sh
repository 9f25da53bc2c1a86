#!/usr/bin/env bash
# `npm test`: unit tests, then integration tests on real PostgreSQL, Temporal and an EVM node (started by the
# jest global setup and stopped after). Prints a plain "N passed, N failed" line at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
out=.jest-results.json
node_modules/.bin/jest --ci --json --outputFile="$out" "$@"
code=$?
if [ -f "$out" ]; then
  node -e "const r=require('./$out'); console.log(r.numPassedTests+' passed, '+r.numFailedTests+' failed'+(r.numPendingTests?', '+r.numPendingTests+' skipped':''))"
  rm -f "$out"
fi
exit $code
