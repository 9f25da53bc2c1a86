// Generated from src/domain/errors.ts and src/domain/webhook-events.ts by `npm run client:generate`. Do not edit.

/** Every errorCode the gateway answers with: its usual HTTP status and whether the same request may succeed later. */
export const ERROR_CODES = {
  "VALIDATION_ERROR": {
    "status": 400,
    "retryable": false
  },
  "INVALID_JSON": {
    "status": 400,
    "retryable": false
  },
  "INVALID_ADDRESS": {
    "status": 400,
    "retryable": false
  },
  "UNAUTHORIZED": {
    "status": 401,
    "retryable": false
  },
  "OTP_REQUIRED": {
    "status": 401,
    "retryable": false
  },
  "FORBIDDEN_ROLE": {
    "status": 403,
    "retryable": false
  },
  "CSRF_TOKEN_INVALID": {
    "status": 403,
    "retryable": false
  },
  "OPERATOR_INACTIVE": {
    "status": 403,
    "retryable": false
  },
  "HEADLESS_NOT_ENABLED": {
    "status": 403,
    "retryable": false
  },
  "NOT_FOUND": {
    "status": 404,
    "retryable": false
  },
  "SESSION_NOT_FOUND": {
    "status": 404,
    "retryable": false
  },
  "SESSION_EXPIRED": {
    "status": 400,
    "retryable": false
  },
  "SESSION_NOT_OPEN": {
    "status": 400,
    "retryable": false
  },
  "AMOUNT_BELOW_MINIMUM": {
    "status": 400,
    "retryable": false
  },
  "AMOUNT_ABOVE_MAXIMUM": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_DECLINED": {
    "status": 400,
    "retryable": false
  },
  "INSUFFICIENT_BALANCE": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_UNAVAILABLE": {
    "status": 400,
    "retryable": false
  },
  "USER_NOT_ELIGIBLE": {
    "status": 400,
    "retryable": false
  },
  "DAILY_LIMIT_EXCEEDED": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_AMOUNT_TOO_LOW": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_AMOUNT_TOO_HIGH": {
    "status": 400,
    "retryable": false
  },
  "ACCOUNT_VERIFICATION_REQUIRED": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_SUSPENDED": {
    "status": 400,
    "retryable": false
  },
  "WITHDRAW_IN_PROGRESS": {
    "status": 400,
    "retryable": false
  },
  "OPERATOR_REFERENCE_REQUIRED": {
    "status": 400,
    "retryable": false
  },
  "HEADLESS_INVALID_RECIPIENT": {
    "status": 400,
    "retryable": false
  },
  "HEADLESS_UNSUPPORTED_CHAIN": {
    "status": 400,
    "retryable": false
  },
  "HEADLESS_UNSUPPORTED_TOKEN": {
    "status": 400,
    "retryable": false
  },
  "OPERATOR_REFERENCE_CONFLICT": {
    "status": 409,
    "retryable": false
  },
  "HEADLESS_INTENT_NOT_EXECUTABLE": {
    "status": 409,
    "retryable": false
  },
  "INSUFFICIENT_LIQUIDITY": {
    "status": 409,
    "retryable": true
  },
  "WITHDRAW_CAP_UNVERIFIABLE": {
    "status": 409,
    "retryable": false
  },
  "HEADLESS_CANCEL_NOT_ALLOWED": {
    "status": 409,
    "retryable": false
  },
  "HEADLESS_RETRY_NOT_ALLOWED": {
    "status": 409,
    "retryable": false
  },
  "HEADLESS_RETRY_IN_PROGRESS": {
    "status": 409,
    "retryable": true
  },
  "PRICE_UNAVAILABLE": {
    "status": 503,
    "retryable": true
  },
  "GAS_ESTIMATE_FAILED": {
    "status": 503,
    "retryable": true
  },
  "GAS_ABOVE_CEILING": {
    "status": 409,
    "retryable": true
  },
  "BALANCE_UNAVAILABLE": {
    "status": 503,
    "retryable": true
  },
  "WEBHOOK_NOT_CONFIGURED": {
    "status": 400,
    "retryable": false
  },
  "EXTERNAL_USER_MISSING": {
    "status": 400,
    "retryable": false
  },
  "INVALID_TRANSITION": {
    "status": 409,
    "retryable": false
  },
  "IDEMPOTENCY_KEY_REUSED": {
    "status": 409,
    "retryable": false
  },
  "IDEMPOTENCY_KEY_IN_USE": {
    "status": 409,
    "retryable": true
  },
  "PAYLOAD_TOO_LARGE": {
    "status": 413,
    "retryable": false
  },
  "UNSUPPORTED_MEDIA_TYPE": {
    "status": 415,
    "retryable": false
  },
  "RATE_LIMITED": {
    "status": 429,
    "retryable": true
  },
  "INTERNAL_ERROR": {
    "status": 500,
    "retryable": true
  },
  "SERVICE_UNAVAILABLE": {
    "status": 503,
    "retryable": true
  }
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every webhook event's form fields, in the order the gateway sends them. */
export const WEBHOOK_FIELDS = {
  "DEPOSIT": [
    "event",
    "depositId",
    "idempotencyKey",
    "externalUserId",
    "sessionRef",
    "sessionAmount",
    "amount",
    "amountInDollar",
    "amountInLocalCurrency",
    "localCurrencyCode",
    "currentRate",
    "pair",
    "grossAmount",
    "feeAmount",
    "feeInDollar",
    "type",
    "contractAddress",
    "transactionHash",
    "chainId",
    "confirmedAt"
  ],
  "WITHDRAW_REQUEST": [
    "event",
    "withdrawRequestId",
    "sessionRef",
    "externalUserId",
    "type",
    "address",
    "cryptoCurrencyCode",
    "fiatCurrencyCode",
    "fiatAmount",
    "cryptoAmount",
    "cryptoAmountSent",
    "amountInUsd",
    "requestedAt"
  ],
  "WITHDRAW_COMPLETE": [
    "event",
    "withdrawRequestId",
    "sessionRef",
    "externalUserId",
    "type",
    "status",
    "address",
    "cryptoCurrencyCode",
    "fiatCurrencyCode",
    "fiatAmount",
    "cryptoAmount",
    "cryptoAmountSent",
    "amountInUsd",
    "completedAt"
  ],
  "WITHDRAW_FAILED": [
    "event",
    "withdrawRequestId",
    "sessionRef",
    "externalUserId",
    "type",
    "status",
    "address",
    "cryptoCurrencyCode",
    "fiatCurrencyCode",
    "fiatAmount",
    "cryptoAmount",
    "cryptoAmountSent",
    "amountInUsd",
    "retryable",
    "reasonCode",
    "eventId"
  ],
  "WITHDRAW_CANCELLED": [
    "event",
    "withdrawRequestId",
    "sessionRef",
    "externalUserId",
    "type",
    "status",
    "address",
    "cryptoCurrencyCode",
    "fiatCurrencyCode",
    "fiatAmount",
    "cryptoAmount",
    "cryptoAmountSent",
    "amountInUsd",
    "reasonCode",
    "eventId"
  ]
} as const;
