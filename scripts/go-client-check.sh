#!/usr/bin/env bash
# npm run client:go: generates the Go client (oapi-codegen v2.8.2, clients/go/oapi-codegen.yaml) from the document
# the TypeScript client is generated from, and compiles it with go build and go vet: the OpenAPI document must be
# usable by a second language's generator. Builds oapi-codegen into .tools/bin the first time (like geth).
set -euo pipefail
cd "$(dirname "$0")/.."
go=$(command -v go || echo /usr/local/go/bin/go)
codegen=$(node_modules/.bin/tsx -e "process.stdout.write(require('./dev/api-reference/tools').ensureOapiCodegen(console.error))")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp clients/go/go.mod clients/go/go.sum clients/go/doc.go clients/go/oapi-codegen.yaml "$dir/"
node_modules/.bin/tsx dev/api-reference/write-document.ts "$dir/openapi.json"
(cd "$dir" && "$codegen" -config oapi-codegen.yaml openapi.json && "$go" build ./... && "$go" vet ./...)
echo "client:go: generated $(wc -l <"$dir/gateway.gen.go") lines of Go with oapi-codegen and compiled them"
