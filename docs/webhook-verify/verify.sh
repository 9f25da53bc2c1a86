#!/usr/bin/env bash
# Verifies a gateway webhook (docs/webhooks.md): the raw body on stdin, the X-Signature header as the first
# argument, the secret in WEBHOOK_SECRET, optionally a tolerance in seconds for |now - t| as the second argument.
# Exit 0: valid; 1: not valid; 2: usage. Needs bash and openssl.
#   WEBHOOK_SECRET=... bash verify.sh "$X_SIGNATURE" [toleranceSeconds] < body
# The body is streamed from stdin to openssl, never held in a variable, so its bytes (a trailing newline too) are
# signed as received. The secret reaches openssl as an argument: it is visible to the process list of this machine
# while openssl runs. The final comparison is a plain string comparison, not constant-time.
set -euo pipefail

header=${1-}
tolerance=${2-}
if [[ -z ${WEBHOOK_SECRET-} || $# -lt 1 || $# -gt 2 || ( $# -eq 2 && ! $tolerance =~ ^[0-9]+$ ) ]]; then
  echo 'usage: WEBHOOK_SECRET=... bash verify.sh "<X-Signature>" [toleranceSeconds] < body' >&2
  exit 2
fi

trim() {
  local s=$1
  s=${s#"${s%%[![:space:]]*}"}
  printf '%s' "${s%"${s##*[![:space:]]}"}"
}

t=''
seen_t=0
candidates=()
IFS=',' read -r -a parts <<< "$header"
for part in "${parts[@]}"; do
  [[ $part == *=* ]] || continue
  key=$(trim "${part%%=*}")
  value=$(trim "${part#*=}")
  if [[ $key == t ]]; then
    (( seen_t == 0 )) || exit 1 # two timestamps: ambiguous, refuse
    t=$value
    seen_t=1
  elif [[ $key == v1 && $value =~ ^[0-9a-fA-F]{64}$ ]]; then
    candidates+=("${value,,}")
  fi
done
[[ $seen_t == 1 && $t =~ ^[0-9]{1,15}$ && ${#candidates[@]} -gt 0 ]] || exit 1

if [[ -n $tolerance ]]; then
  diff=$(( $(date +%s) - 10#$t ))
  (( diff < 0 )) && diff=$(( -diff ))
  (( diff <= 10#$tolerance )) || exit 1
fi

expected=$({ printf '%s.' "$t"; cat; } | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -r)
expected=${expected%% *}
for candidate in "${candidates[@]}"; do
  [[ $candidate == "$expected" ]] && exit 0
done
exit 1
