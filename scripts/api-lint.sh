#!/usr/bin/env bash
# npm run api:lint: the OpenAPI document, written from the code (no server), linted by Redocly (recommended rules,
# redocly.yaml) and Spectral (spectral:oas, .spectral.yaml); any error or warning fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
node_modules/.bin/tsx dev/api-reference/write-document.ts "$dir/openapi.json"
NO_COLOR=1 REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint "$dir/openapi.json" --config redocly.yaml --max-problems 50 --format stylish 2>&1 \
  | grep -v -e '^\s*$' -e '[║╔╚]' >"$dir/redocly.log" || { cat "$dir/redocly.log" >&2; exit 1; }
if grep -q -E 'warning|error' "$dir/redocly.log"; then cat "$dir/redocly.log" >&2; echo 'api:lint: Redocly found problems' >&2; exit 1; fi
node_modules/.bin/spectral lint "$dir/openapi.json" --ruleset .spectral.yaml --fail-severity warn --quiet
echo 'api:lint: Redocly and Spectral found no error and no warning'
