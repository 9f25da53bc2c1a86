<?php
// Verifies a gateway webhook (docs/webhooks.md): the raw body on stdin, the X-Signature header as the first
// argument, the secret in WEBHOOK_SECRET, optionally a tolerance in seconds for |now - t| as the second argument.
// Exit 0: valid; 1: not valid; 2: usage. PHP's built-in hash functions only.
//   WEBHOOK_SECRET=... php verify.php "$X_SIGNATURE" [toleranceSeconds] < body

function verify_webhook(string $secret, string $header, string $rawBody, ?int $toleranceSeconds = null): bool
{
    $t = null;
    $candidates = [];
    foreach (explode(',', $header) as $part) {
        $eq = strpos($part, '=');
        if ($eq === false) {
            continue;
        }
        $key = trim(substr($part, 0, $eq));
        $value = trim(substr($part, $eq + 1));
        if ($key === 't') {
            if ($t !== null) {
                return false; // two timestamps: ambiguous, refuse
            }
            $t = $value;
        } elseif ($key === 'v1' && preg_match('/\A[0-9a-fA-F]{64}\z/', $value)) {
            $candidates[] = strtolower($value);
        }
    }
    // \z, not $: PHP's $ also matches before a final newline.
    if ($t === null || !preg_match('/\A[0-9]{1,15}\z/', $t) || count($candidates) === 0) {
        return false;
    }
    if ($toleranceSeconds !== null && abs(time() - (int) $t) > $toleranceSeconds) {
        return false;
    }
    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
    foreach ($candidates as $candidate) {
        if (hash_equals($expected, $candidate)) {
            return true;
        }
    }
    return false;
}

$secret = getenv('WEBHOOK_SECRET');
$header = $argv[1] ?? null;
$tolerance = $argv[2] ?? null;
if ($secret === false || $secret === '' || $header === null || ($tolerance !== null && !preg_match('/\A[0-9]+\z/', $tolerance))) {
    fwrite(STDERR, "usage: WEBHOOK_SECRET=... php verify.php \"<X-Signature>\" [toleranceSeconds] < body\n");
    exit(2);
}
exit(verify_webhook($secret, $header, file_get_contents('php://stdin'), $tolerance === null ? null : (int) $tolerance) ? 0 : 1);
