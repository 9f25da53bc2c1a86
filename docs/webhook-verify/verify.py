#!/usr/bin/env python3
"""Verifies a gateway webhook (docs/webhooks.md): the raw body on stdin, the X-Signature header as the first
argument, the secret in WEBHOOK_SECRET, optionally a tolerance in seconds for |now - t| as the second argument.
Exit 0: valid; 1: not valid; 2: usage. Standard library only.
  WEBHOOK_SECRET=... python3 verify.py "$X_SIGNATURE" [toleranceSeconds] < body
"""
import hashlib
import hmac
import os
import re
import sys
import time


def verify(secret: bytes, header: str, raw_body: bytes, tolerance_seconds=None) -> bool:
    t = None
    candidates = []
    for part in header.split(","):
        key, eq, value = part.partition("=")
        if not eq:
            continue
        key, value = key.strip(), value.strip()
        if key == "t":
            if t is not None:
                return False  # two timestamps: ambiguous, refuse
            t = value
        elif key == "v1" and re.fullmatch(r"[0-9a-fA-F]{64}", value):
            candidates.append(value.lower())
    if t is None or not re.fullmatch(r"[0-9]{1,15}", t) or not candidates:
        return False
    if tolerance_seconds is not None and abs(int(time.time()) - int(t)) > tolerance_seconds:
        return False
    expected = hmac.new(secret, t.encode("ascii") + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(candidate, expected) for candidate in candidates)


def main() -> int:
    # The secret's own bytes (UTF-8 as set), not a decoded and re-encoded string.
    secret = os.environb.get(b"WEBHOOK_SECRET", b"")
    args = sys.argv[1:]
    if not secret or not 1 <= len(args) <= 2 or (len(args) == 2 and not re.fullmatch(r"[0-9]+", args[1])):
        print('usage: WEBHOOK_SECRET=... python3 verify.py "<X-Signature>" [toleranceSeconds] < body', file=sys.stderr)
        return 2
    tolerance = int(args[1]) if len(args) == 2 else None
    return 0 if verify(secret, args[0], sys.stdin.buffer.read(), tolerance) else 1


if __name__ == "__main__":
    sys.exit(main())
