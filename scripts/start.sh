#!/usr/bin/env bash
# `npm start`: the whole gateway on this machine with its embedded defaults (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
exec node --import tsx dev/launcher/main.ts "$@"
