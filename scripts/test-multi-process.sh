#!/usr/bin/env bash
# `npm run test:multi-process`: the concurrency tests with every test context's API and worker run as two real service
# processes each (GATEWAY_TEST_PROCESSES=2, see test/support/service-processes.ts), against the one Temporal server and
# PostgreSQL of the integration setup: liquidity and cap races, racing approvals and cancels, worker crashes, one
# Idempotency-Key sent by several requests at once.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
files='integration/(headless-concurrency|headless-crash|withdrawals-safety|withdrawals-mode-b|idempotency-key)\.test'
# Of withdrawals-mode-b, its racing decisions and crashes (the rest of it is single-request behaviour).
tests='^(concurrent executes|crash safety|one payout per widget session|a reverted payout|session cancel racing|the caps lock|Mode B: concurrency|Mode B: crash|Idempotency-Key on operator POSTs When several requests)'
GATEWAY_TEST_PROCESSES=2 exec node_modules/.bin/jest --ci --selectProjects integration --testPathPatterns "$files" --testNamePattern "$tests" "$@"
