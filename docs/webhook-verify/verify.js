#!/usr/bin/env node
// Verifies a gateway webhook (docs/webhooks.md): the raw body on stdin, the X-Signature header as the first
// argument, the secret in WEBHOOK_SECRET, optionally a tolerance in seconds for |now - t| as the second argument.
// Exit 0: valid; 1: not valid; 2: usage. Node's built-in crypto only.
//   WEBHOOK_SECRET=... node verify.js "$X_SIGNATURE" [toleranceSeconds] < body
'use strict';
const { createHmac, timingSafeEqual } = require('node:crypto');

function verify(secret, header, rawBody, toleranceSeconds) {
  let t;
  const candidates = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined) return false; // two timestamps: ambiguous, refuse
      t = value;
    } else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === undefined || !/^\d{1,15}$/.test(t) || candidates.length === 0) return false;
  if (toleranceSeconds !== undefined && !(Math.abs(Math.floor(Date.now() / 1000) - Number(t)) <= toleranceSeconds)) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.`, 'utf8').update(rawBody).digest();
  return candidates.some((candidate) => timingSafeEqual(candidate, expected));
}

const [header, tolerance] = process.argv.slice(2);
const secret = process.env.WEBHOOK_SECRET;
if (!secret || header === undefined || (tolerance !== undefined && !/^\d+$/.test(tolerance))) {
  console.error('usage: WEBHOOK_SECRET=... node verify.js "<X-Signature>" [toleranceSeconds] < body');
  process.exit(2);
}
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => process.exit(verify(secret, header, Buffer.concat(chunks), tolerance === undefined ? undefined : Number(tolerance)) ? 0 : 1));
