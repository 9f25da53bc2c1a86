#!/usr/bin/env bash
# The TypeScript client as an integrator gets it: `npm pack` of clients/typescript (its prepack builds it with only its
# own package.json's dependencies, outside this repository), the tarball installed into a scratch project, and a
# CommonJS and an ES module consumer type-checked with tsc (strict, skipLibCheck off, so the shipped .d.ts files are
# checked too) and run: a client made, a webhook signed here verified and parsed, a tampered one refused.
# Needs only the npm registry (or its cache).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
npm_install() { npm install --no-audit --no-fund --prefer-offline --loglevel=error "$@"; }

mkdir "$work/client" "$work/app"
tar -C "$root/clients/typescript" --exclude=node_modules --exclude=dist -cf - . | tar -C "$work/client" -xf -
(cd "$work/client" && npm_install >&2 && npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$(ls "$work"/*.tgz)"
contents="$(tar -tzf "$tarball")"
echo "client-pack-check: packed $(basename "$tarball"): $(echo $contents)" >&2
grep -qx 'package/LICENSE' <<<"$contents" || { echo 'client-pack-check: no LICENSE in the tarball' >&2; exit 1; }

cd "$work/app"
cat > package.json <<'JSON'
{ "name": "client-consumer", "private": true, "version": "0.0.0" }
JSON
ts_version="$(node -p "require('$root/clients/typescript/package.json').devDependencies.typescript")"
node_types="$(node -p "require('$root/clients/typescript/package.json').devDependencies['@types/node']")"
npm_install "$tarball" "typescript@$ts_version" "@types/node@$node_types" >&2
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext", "lib": ["es2022"],
    "strict": true, "skipLibCheck": false, "types": ["node"], "outDir": "out"
  },
  "files": ["consumer.ts", "consumer.mts"]
}
JSON
body='import { createHmac } from "node:crypto";
const secret = "whsec_pack_check";
const raw = "event=WITHDRAW_CANCELLED&withdrawRequestId=w-1&sessionRef=s-1&externalUserId=u-1&type=DIRECT_TRANSFER&status=CANCELLED&address=0xabc&cryptoCurrencyCode=USDT&fiatCurrencyCode=USD&fiatAmount=1.00&cryptoAmount=null&cryptoAmountSent=null&amountInUsd=null&reasonCode=CANCELLED_BY_OPERATOR&eventId=e-1";
const t = Math.floor(Date.now() / 1000);
const header = `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex")}`;
const api: GatewayClient = createGatewayClient("http://127.0.0.1:9", "key", { retry: { maxAttempts: 2 } });
void api;
const event = webhooks.constructEvent(raw, header, secret, { toleranceSeconds: 300 });
if (event.event !== "WITHDRAW_CANCELLED" || event.amountInUsd !== null || event.eventId !== "e-1") throw new Error("parsed wrong");
const reason: string = event.reasonCode;
let refused = false;
try { webhooks.constructEvent(raw.replace("1.00", "9.00"), header, secret); } catch (e) { refused = e instanceof WebhookVerificationError; }
if (!refused) throw new Error("a tampered body was accepted");
const err: GatewayError | undefined = undefined;
void err;
console.log(`${MODULE}: ok (${reason}, ${Object.keys(ERROR_CODES).length} error codes)`);
'
{
  echo 'import { createGatewayClient, ERROR_CODES, webhooks, WebhookVerificationError, type GatewayClient, type GatewayError } from "@crypto-payment-gateway/client";'
  echo 'const MODULE = "commonjs";'
  echo "$body"
} > consumer.ts
{
  echo 'import { createGatewayClient, ERROR_CODES, webhooks, WebhookVerificationError, type GatewayClient, type GatewayError } from "@crypto-payment-gateway/client";'
  echo 'const MODULE = "esm";'
  echo "$body"
} > consumer.mts
node_modules/.bin/tsc -p tsconfig.json
node out/consumer.js
node out/consumer.mjs
echo 'client-pack-check: the packed client type-checks and runs in a scratch project' >&2
