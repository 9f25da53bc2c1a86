// Generated from the gateway's OpenAPI document by `npm run client:generate`. Do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process answers
         * @description Liveness: answers 200 while the process serves requests; it checks no dependency.
         */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * PostgreSQL, Temporal and every active chain answer
         * @description Readiness: 200 when PostgreSQL, Temporal and every active chain's node answer; 503 with the same body naming what is down.
         */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text exposition format)
         * @description Prometheus text exposition of the API process (HTTP, webhook, price and chain metrics). Needs METRICS_TOKEN as a Bearer token when the gateway sets one.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Networks and their tokens (the native asset has address null)
         * @description Public (spec 4.6). The networks with their token contracts and decimals, unwrapped (a raw array, no envelope).
         */
        get: operations["listChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document (OpenAPI 3.1)
         * @description This document: every operation the gateway serves, and the webhook events it sends under `webhooks`.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference (HTML)
         * @description The API reference as an HTML page rendering this document, served by the gateway itself (no outside origin).
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an email and password (and the TOTP code, once enrolled) for an admin token
         * @description Limits (decision record 0035): attempts per client address and per (email, client address); while an email has many failed logins from anywhere, each address gets only 3 attempts at it, so a flood slows that email without locking out a right login from another address.
         */
        post: operations["adminLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the caller's admin token
         * @description Revokes the token that authenticated the call (204); it stops working at once. Recorded in the admin audit. From the management panel (its cookie and CSRF token) it also clears the panel's cookie.
         */
        post: operations["adminLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The admin audit (logins, logouts, status moves, retries, redeliveries), newest first
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE. Every admin action (status move, retry, redeliver, login, logout) with admin id, role, action, target, note, time and client address, newest first; a raw array with the next page in X-Next-Cursor.
         */
        get: operations["adminListAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operators (no secrets)
         * @description The operators with their settings for the management panel; no key or webhook secret is ever returned.
         */
        get: operations["listOperators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook outbox, newest first
         * @description The webhook outbox across operators, newest first, each event with its delivery attempts; filters by event, status and operator.
         */
        get: operations["adminListWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver a dead-lettered event
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE. Queues a dead-lettered event for delivery again (the same event id and body); any other status answers 409 INVALID_TRANSITION. Recorded in the admin audit.
         */
        post: operations["adminRedeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deposits, newest first (status=DUST: transfers below their minimum, never credited)
         * @description Deposits seen on chain, newest first, with their status (dust included: a transfer below its minimum, recorded and never credited).
         */
        get: operations["adminListDeposits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Withdrawals, newest first
         * @description Spec 4.13: lists withdrawals for the management panel, a raw array, newest first; filters by status, mode, operator, user and stuck.
         */
        get: operations["adminListWithdrawals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/withdrawals/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move a Mode A withdrawal
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE. Spec 4.13: body `status` (PROCESSING, COMPLETED or REJECTED) and `adminNote`; follows the Mode A transitions of spec 3.2, any other move answers 409 INVALID_TRANSITION. Recorded in the admin audit.
         */
        patch: operations["adminMoveWithdrawal"];
        trace?: never;
    };
    "/admin/withdrawals/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Requeue a headless payout (WAITING_FOR_GAS or retryable FAILED, no transaction yet)
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE. Spec 4.13: no body. Requeues only a WAITING_FOR_GAS or FAILED(retryable) request with no transaction hash; never broadcasts from the HTTP request. 409 HEADLESS_RETRY_NOT_ALLOWED otherwise, 409 HEADLESS_RETRY_IN_PROGRESS while a settlement worker holds the job.
         */
        post: operations["adminRetryWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/treasury": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Treasury sources and their top-ups into the bankroll, cold addresses and the newest sends to them
         * @description Each chain's registered treasury sources with their top-ups into the bankroll, the cold-storage addresses and the newest treasury sends to them.
         */
        get: operations["adminGetTreasury"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A session's state (closed sessions answer too)
         * @description Auth: the session's `sid` is the credential (no operator key). The widget's view of its session: type, status, amount, currency, language and return URL. An expired or closed session still answers, so the widget can show how it ended.
         */
        post: operations["getSessionInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/depositor/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The user's deposit address for a currency on a chain
         * @description Auth: the session's `sid` is the credential (no operator key). Spec 4.5: called by the widget with `sid`, `currency` and `chainId` (all required); returns the user's deposit address on that chain in the standard envelope. A withdraw session's sid is refused naming `sid`.
         */
        post: operations["getDepositAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdraw/direct-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a withdrawal of the session's amount to an address
         * @description Auth: the session's `sid` is the credential (no operator key). Spec 4.7: called by the widget; initiates the withdrawal to the address, network and token the user supplies, for the session's locked amount. The operator's approval mode decides what follows (WITHDRAW_REQUEST, spec 6.2).
         */
        post: operations["requestDirectTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deposit page a player lands on (HTML)
         * @description An unknown sid answers 404, an expired or cancelled one 410, each as an HTML page in the session language.
         */
        get: operations["getDepositPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The withdraw page a player lands on (HTML)
         * @description An unknown sid answers 404, an expired or cancelled one 410, each as an HTML page in the session language.
         */
        get: operations["getWithdrawPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/app.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pages' script
         * @description The widget pages' script, served by the gateway (the pages load nothing from another origin).
         */
        get: operations["getWidgetScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/app.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pages' styles
         * @description The widget pages' styles, served by the gateway.
         */
        get: operations["getWidgetStyles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The session's live state (closed sessions answer too)
         * @description Auth: the session's `sid` is the credential (no operator key). The session's live state for the widget pages (deposits seen, their confirmations, the withdrawal's progress); closed sessions answer too.
         */
        post: operations["getWidgetStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A QR code of a payment URI
         * @description Auth: the session's `sid` is the credential (no operator key). A QR code image (a data URL) of a payment URI, for the deposit page.
         */
        post: operations["getWidgetQr"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An estimate of the session's amount in a token
         * @description Auth: the session's `sid` is the credential (no operator key). An estimate of the session's fiat amount in a token at the current price; it locks no price.
         */
        post: operations["getWidgetQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a deposit session (widget URL and sid)
         * @description Spec 4.1: creates a deposit session and returns the widget URL (with the sid). `redirectUrl` overrides the panel's return address for this session: an absolute http(s) URL without credentials or NUL, at most 2048 characters; an invalid value, the empty string included, is 400. Reusing operatorReference keeps the first session's return URL. The signed DEPOSIT webhook, not the redirect status, is authoritative for crediting.
         */
        post: operations["createDepositSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a withdraw session, or a headless withdrawal intent (executionMode HEADLESS)
         * @description Spec 4.2: without executionMode, a widget withdraw session (`url` with the sid, and `sessionRef`); the amount is locked. With executionMode HEADLESS, a headless intent (Mode C): needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED) and a non-empty operatorReference (else 400 OPERATOR_REFERENCE_REQUIRED); amount has at most two decimals; the answer is `{ sessionRef, expiresAt }` (24 h). The same operatorReference with the same payload returns the same sessionRef, with another payload 409 OPERATOR_REFERENCE_CONFLICT.
         */
        post: operations["createWithdrawSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/{uuid}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an open session
         * @description Cancels one of the operator's (or its sub-operators') open sessions; its sid stops working (400 SESSION_NOT_OPEN). An open withdrawal of the session is cancelled with it. Another operator's session, or one already closed, answers 404.
         */
        post: operations["cancelSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/{uuid}/test-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test event (test=true) to the operator's webhook; no funds move
         * @description Spec 4.3: fires a real signed webhook with `test=true` at the operator's own webhookUrl, synchronously (2 network-level attempts); no funds move. A deposit session sends DEPOSIT, a withdraw session WITHDRAW_COMPLETE. A rejected or unreachable endpoint is not an error of this call: 200 with delivered false and a reason. 5 requests per minute.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/depositor/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Allocate a user's deposit address (idempotent)
         * @description Allocates the user's deposit address without a session, listed for every active chain (one EVM address; a TRON one where TRON is active). Idempotent: 201 when this call allocated it, 200 with the same addresses afterwards.
         */
        post: operations["createDepositor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/depositor/{externalUserId}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's addresses and latest deposits
         * @description Whether the gateway knows the user, with its deposit addresses and latest deposits (raw token units, status and transaction hash).
         */
        get: operations["checkDepositor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdraw/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject an external-approval (Mode B) withdrawal
         * @description Spec 4.8: external-approval mode (Mode B) only; `:id` is the withdrawRequestId and must belong to the caller. `decision` APPROVE or REJECT, `reason` optional. withdrawStatus is COMPLETED (settled, WITHDRAW_COMPLETE follows), REJECTED (no payout, no webhook) or AWAITING_APPROVAL (held). Idempotent: deciding an already decided withdrawal returns its current status.
         */
        post: operations["decideWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdraw/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payable chains and tokens with the available liquidity
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED). Spec 4.9: without `sessionRef`, the supported chains and tokens with their availability; with it, a final pre-execute check of the locked intent's asset. Locks no price and reserves nothing; UNKNOWN is advisory here, but execute fails closed on it.
         */
        get: operations["listWithdrawOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{sessionRef}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price and queue the payout of an intent (idempotent)
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED). Spec 4.10: no body, idempotent. In one atomic step: checks ownership and the intent's state, locks a fresh price, converts the fiat amount to token units, checks the bankroll balance minus active reservations and the operator's caps, reserves and queues the settlement (202, EXECUTION_QUEUED). A replay returns the existing result; a second reservation or payout never happens. Fails closed: 503 when no fresh price or balance can be read, nothing reserved.
         */
        post: operations["executeHeadlessWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{sessionRef}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An intent's status record
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED). Spec 4.11: the intent's safe status record (spec 2.4); never carries raw RPC or internal errors.
         */
        get: operations["getHeadlessWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{sessionRef}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an intent before anything is signed
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED). Spec 4.12: no body. Succeeds only while no transaction hash exists: releases the reservation and emits WITHDRAW_CANCELLED. Otherwise 409 HEADLESS_CANCEL_NOT_ALLOWED.
         */
        post: operations["cancelHeadlessWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The operator's (and its sub-operators') webhook events with their attempts, newest first
         * @description The caller's and its sub-operators' webhook events with their delivery attempts, newest first; filters `event`, `status`, `since`, `until`; paged by `limit` and `cursor` (next page in X-Next-Cursor).
         */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver one of its dead-lettered events
         * @description Queues one of the caller's DEAD_LETTER events for delivery again (same event id and body). Another status answers 409 INVALID_TRANSITION; another operator's event 404 NOT_FOUND.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    DEPOSIT: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * DEPOSIT (sent to the operator's webhookUrl)
         * @description Sent when a deposit is confirmed on chain and swept to the bankroll (async, retried). Credit amountInDollar; deduplicate on idempotencyKey. Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.
         */
        post: operations["depositEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WITHDRAW_REQUEST: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WITHDRAW_REQUEST (sent to the operator's webhookUrl)
         * @description Sent to obtain approval of a withdrawal. Mode A: synchronous, error 0 approves and any other code denies (1-9 map to errorCodes, spec 6.2). Mode B: async and retried; acknowledge with error 0, and decide with POST /withdraw/{id}/decision. Mode C sends none. Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.
         */
        post: operations["withdrawRequestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WITHDRAW_COMPLETE: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WITHDRAW_COMPLETE (sent to the operator's webhookUrl)
         * @description Sent once after the funds are paid out on chain (async, retried). Deduplicate on withdrawRequestId. Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.
         */
        post: operations["withdrawCompleteEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WITHDRAW_FAILED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WITHDRAW_FAILED (sent to the operator's webhookUrl)
         * @description Headless only (async, retried): retryable true keeps the user's reserve, false is terminal and releases it. May come more than once per withdrawal; deduplicate on eventId. Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.
         */
        post: operations["withdrawFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WITHDRAW_CANCELLED: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WITHDRAW_CANCELLED (sent to the operator's webhookUrl)
         * @description Headless only (async, retried): cancelled before any broadcast; terminal, releases the reserve. Deduplicate on eventId. Signed with the operator's webhook secret (security scheme webhookSignature); see docs/webhooks.md for verification and retries.
         */
        post: operations["withdrawCancelledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            message: string;
            /** @enum {string} */
            errorCode?: "VALIDATION_ERROR" | "INVALID_JSON" | "INVALID_ADDRESS" | "UNAUTHORIZED" | "OTP_REQUIRED" | "FORBIDDEN_ROLE" | "CSRF_TOKEN_INVALID" | "OPERATOR_INACTIVE" | "HEADLESS_NOT_ENABLED" | "NOT_FOUND" | "SESSION_NOT_FOUND" | "SESSION_EXPIRED" | "SESSION_NOT_OPEN" | "AMOUNT_BELOW_MINIMUM" | "AMOUNT_ABOVE_MAXIMUM" | "WITHDRAW_DECLINED" | "INSUFFICIENT_BALANCE" | "WITHDRAW_UNAVAILABLE" | "USER_NOT_ELIGIBLE" | "DAILY_LIMIT_EXCEEDED" | "WITHDRAW_AMOUNT_TOO_LOW" | "WITHDRAW_AMOUNT_TOO_HIGH" | "ACCOUNT_VERIFICATION_REQUIRED" | "WITHDRAW_SUSPENDED" | "WITHDRAW_IN_PROGRESS" | "OPERATOR_REFERENCE_REQUIRED" | "HEADLESS_INVALID_RECIPIENT" | "HEADLESS_UNSUPPORTED_CHAIN" | "HEADLESS_UNSUPPORTED_TOKEN" | "OPERATOR_REFERENCE_CONFLICT" | "HEADLESS_INTENT_NOT_EXECUTABLE" | "INSUFFICIENT_LIQUIDITY" | "WITHDRAW_CAP_UNVERIFIABLE" | "HEADLESS_CANCEL_NOT_ALLOWED" | "HEADLESS_RETRY_NOT_ALLOWED" | "HEADLESS_RETRY_IN_PROGRESS" | "PRICE_UNAVAILABLE" | "GAS_ESTIMATE_FAILED" | "GAS_ABOVE_CEILING" | "BALANCE_UNAVAILABLE" | "WEBHOOK_NOT_CONFIGURED" | "EXTERNAL_USER_MISSING" | "INVALID_TRANSITION" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE";
            /** @description The HTTP status's reason phrase */
            error: string;
            details?: {
                field: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        checks: {
                            /** @enum {string} */
                            database?: "up" | "down";
                            /** @enum {string} */
                            temporal?: "up" | "down";
                            chains?: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        checks: {
                            /** @enum {string} */
                            database?: "up" | "down";
                            /** @enum {string} */
                            temporal?: "up" | "down";
                            chains?: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
            };
            /** @description A dependency is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        checks: {
                            /** @enum {string} */
                            database?: "up" | "down";
                            /** @enum {string} */
                            temporal?: "up" | "down";
                            chains?: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chain registry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chainId: number;
                        name: string;
                        /** @enum {string} */
                        type: "EVM" | "TRON";
                        nativeSymbol: string;
                        depositConfirmations: number;
                        withdrawConfirmations: number;
                        active: boolean;
                        tokens: {
                            address: string | null;
                            symbol: string;
                            displaySymbol: string;
                            name: string;
                            decimals: number;
                            active: boolean;
                            /** @description Token units; a transfer below it is dust: recorded, never credited ("0": no minimum) */
                            minDeposit: string;
                        }[];
                    }[];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    };
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    /** @description 6-digit TOTP code; required once the admin has an authenticator (else 401 OTP_REQUIRED) */
                    otp?: string;
                };
            };
        };
        responses: {
            /** @description A token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** @enum {string} */
                        role: "SUPERADMIN" | "ADMIN" | "SUPPORT";
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable), `OTP_REQUIRED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token is revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `CSRF_TOKEN_INVALID` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListAudit: {
        parameters: {
            query?: {
                adminId?: string;
                targetId?: string;
                since?: string;
                until?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit rows */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        adminId: string;
                        /** @enum {string} */
                        role: "SUPERADMIN" | "ADMIN" | "SUPPORT";
                        /** @enum {string} */
                        action: "LOGIN" | "LOGIN_FAILED" | "LOGOUT" | "WITHDRAWAL_STATUS" | "WITHDRAWAL_RETRY" | "WEBHOOK_REDELIVER";
                        /** @description The withdrawal or webhook event acted on; null for logins and logouts */
                        targetId: string | null;
                        note: string | null;
                        clientAddress: string;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `FORBIDDEN_ROLE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Operators */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description Origins allowed to frame the widget (CSP frame-ancestors) */
                        frameOrigins: string[];
                        name: string;
                        /** Format: uuid */
                        parentId: string | null;
                        /** @enum {string} */
                        status: "ACTIVE" | "INACTIVE";
                        webhookUrl: string | null;
                        hasWebhookSecret: boolean;
                        platformFiatDefault: string | null;
                        openingBalanceCurrency: string | null;
                        /** @enum {string} */
                        approvalMode: "SYNC" | "EXTERNAL";
                        autoRelease: boolean;
                        headlessEnabled: boolean;
                        withdrawApprovalMaxAmount: string | null;
                        withdrawApprovalDailyMaxAmount: string | null;
                        minAmount: string | null;
                        maxSessionAmount: string | null;
                        returnUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListWebhookEvents: {
        parameters: {
            query?: {
                status?: "PENDING" | "RETRYING" | "DELIVERED" | "DEAD_LETTER";
                operatorId?: string;
                event?: "DEPOSIT" | "WITHDRAW_REQUEST" | "WITHDRAW_COMPLETE" | "WITHDRAW_FAILED" | "WITHDRAW_CANCELLED";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** Format: uuid */
                        operatorId: string;
                        /** @enum {string} */
                        event: "DEPOSIT" | "WITHDRAW_REQUEST" | "WITHDRAW_COMPLETE" | "WITHDRAW_FAILED" | "WITHDRAW_CANCELLED";
                        /** @enum {string} */
                        status: "PENDING" | "RETRYING" | "DELIVERED" | "DEAD_LETTER";
                        attempts: {
                            attempt: number;
                            /** Format: date-time */
                            at: string;
                            httpStatus: number | null;
                            error: string | null;
                            latencyMs: number | null;
                            responseExcerpt: string | null;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        deliveredAt: string | null;
                    }[];
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminRedeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A fresh delivery run started */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @enum {string} */
                        status: "RETRYING";
                    };
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `CSRF_TOKEN_INVALID` (not retryable), `FORBIDDEN_ROLE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `INVALID_TRANSITION` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListDeposits: {
        parameters: {
            query?: {
                status?: "CONFIRMING" | "SWEEPING" | "PRICING" | "CREDITED" | "DROPPED" | "DUST";
                operatorId?: string;
                externalUserId?: string;
                chainId?: number;
                address?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deposits */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        depositId: string;
                        /** Format: uuid */
                        operatorId: string;
                        externalUserId: string;
                        /** @enum {string} */
                        status: "CONFIRMING" | "SWEEPING" | "PRICING" | "CREDITED" | "DROPPED" | "DUST";
                        chainId: number;
                        symbol: string;
                        tokenAddress: string | null;
                        depositAddress: string;
                        transactionHash: string;
                        logIndex: number;
                        blockNumber: number;
                        /** @description Raw units */
                        grossAmount: string;
                        /** @description Token units */
                        grossUnits: string;
                        /** @description Raw units credited, net of the fee */
                        amount: string | null;
                        amountInDollar: string | null;
                        sweepTxHash: string | null;
                        dustSweepId: string | null;
                        droppedReason: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        creditedAt: string | null;
                        workflowId: string | null;
                        temporalUiUrl: string | null;
                    }[];
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListWithdrawals: {
        parameters: {
            query?: {
                status?: "PENDING" | "PROCESSING" | "AWAITING_APPROVAL" | "CREATED" | "EXECUTION_QUEUED" | "WAITING_FOR_GAS" | "RECONCILING" | "COMPLETED" | "REJECTED" | "FAILED" | "CANCELLED" | "EXPIRED";
                operatorId?: string;
                mode?: "A" | "B" | "C";
                externalUserId?: string;
                stuck?: "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of withdrawals */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        operatorId: string;
                        externalUserId: string;
                        /** @enum {string} */
                        mode: "A" | "B" | "C";
                        status: string;
                        fiatAmount: string;
                        fiatCurrency: string;
                        cryptoAmountSent: string | null;
                        symbol: string;
                        chainId: number;
                        address: string;
                        txHash: string | null;
                        stuck: boolean;
                        heldReason: string | null;
                        reasonCode: string | null;
                        adminNote: string | null;
                        adminNoteBy: string | null;
                        /** Format: date-time */
                        adminNoteAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        workflowId: string;
                        temporalUiUrl: string;
                    }[];
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminMoveWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "PROCESSING" | "COMPLETED" | "REJECTED";
                    adminNote?: string;
                };
            };
        };
        responses: {
            /** @description The withdrawal after the move */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        operatorId: string;
                        externalUserId: string;
                        /** @enum {string} */
                        mode: "A" | "B" | "C";
                        status: string;
                        fiatAmount: string;
                        fiatCurrency: string;
                        cryptoAmountSent: string | null;
                        symbol: string;
                        chainId: number;
                        address: string;
                        txHash: string | null;
                        stuck: boolean;
                        heldReason: string | null;
                        reasonCode: string | null;
                        adminNote: string | null;
                        adminNoteBy: string | null;
                        /** Format: date-time */
                        adminNoteAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        workflowId: string;
                        temporalUiUrl: string;
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `CSRF_TOKEN_INVALID` (not retryable), `FORBIDDEN_ROLE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `INVALID_TRANSITION` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminRetryWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Requeued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        withdrawRequestId: string;
                        /** @enum {string} */
                        status: "EXECUTION_QUEUED";
                    };
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `CSRF_TOKEN_INVALID` (not retryable), `FORBIDDEN_ROLE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `HEADLESS_RETRY_NOT_ALLOWED` (not retryable), `HEADLESS_RETRY_IN_PROGRESS` (retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminGetTreasury: {
        parameters: {
            query?: {
                chainId?: number;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The treasury */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Every registration, removed ones included, newest first */
                        sources: {
                            /** Format: uuid */
                            id: string;
                            chainId: number;
                            /** @description EIP-55 on EVM chains, base58 on TRON */
                            address: string;
                            /** @description Who ran `treasury source add` */
                            addedBy: string;
                            /** Format: date-time */
                            addedAt: string;
                            removedBy: string | null;
                            /**
                             * Format: date-time
                             * @description Set once removed: its recorded top-ups stay booked, later transfers are not top-ups
                             */
                            removedAt: string | null;
                        }[];
                        /** @description Recorded top-ups, newest first; the next page in X-Next-Cursor */
                        topUps: {
                            /** Format: uuid */
                            id: string;
                            chainId: number;
                            /** Format: uuid */
                            sourceId: string;
                            /** @description The source address */
                            from: string;
                            /** @description The bankroll */
                            to: string;
                            /** @description The token contract, or `native` */
                            asset: string;
                            symbol: string | null;
                            transactionHash: string;
                            logIndex: number;
                            blockNumber: number;
                            /** @description Raw units */
                            amount: string;
                            /** @description Token units */
                            units: string | null;
                            /** Format: date-time */
                            recordedAt: string;
                        }[];
                        /** @description The registered cold addresses */
                        coldAddresses: {
                            /** Format: uuid */
                            id: string;
                            chainId: number;
                            address: string;
                            /** @description Who ran `treasury cold add` */
                            addedBy: string;
                            /** Format: date-time */
                            addedAt: string;
                        }[];
                        /** @description The newest 50 treasury sends, newest first */
                        sends: {
                            /**
                             * Format: uuid
                             * @description The transferId `treasury send` printed
                             */
                            id: string;
                            chainId: number;
                            /** @description The token contract, or `native` */
                            asset: string;
                            symbol: string;
                            /** @description Raw units */
                            amount: string;
                            /** @description Token units */
                            units: string;
                            /** @description The registered cold address */
                            to: string;
                            /** @description Who ran `treasury send` (`--by`) */
                            requestedBy: string;
                            /**
                             * @description As `treasury status` prints it
                             * @enum {string}
                             */
                            status: "REQUESTED" | "SIGNED" | "BROADCAST" | "CONFIRMED" | "FAILED";
                            failureReason: string | null;
                            /** @description The stored transaction; the mined replacement once a fee bump was mined */
                            transactionHash: string | null;
                            /** @description Signed and not mined within TX_STUCK_SECONDS (a fee bump follows) */
                            stuck: boolean;
                            /** @description The send's workflow in the Temporal UI */
                            workflowId: string;
                            /** Format: date-time */
                            requestedAt: string;
                            /** Format: date-time */
                            completedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSessionInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    sid: string;
                };
            };
        };
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Session",
                     *       "data": {
                     *         "type": "deposit",
                     *         "status": "OPEN",
                     *         "externalUserId": "user-42",
                     *         "amount": "50.00",
                     *         "platformFiatCurrency": "EUR",
                     *         "lang": "en",
                     *         "redirectUrl": "https://casino.example.org/cashier",
                     *         "expiresAt": "2026-11-26T09:00:00.000Z",
                     *         "withdrawal": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** @enum {string} */
                            type: "deposit" | "withdraw";
                            /** @enum {string} */
                            status: "OPEN" | "COMPLETED" | "CANCELLED" | "EXPIRED";
                            externalUserId: string;
                            amount: string;
                            platformFiatCurrency: string;
                            lang: string;
                            redirectUrl: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                            withdrawal: Record<string, never> | null;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDepositAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                 *       "currency": "USDC",
                 *       "chainId": 8453
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    sid: string;
                    currency: string;
                    chainId: number;
                };
            };
        };
        responses: {
            /** @description The address */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Deposit address",
                     *       "data": {
                     *         "address": "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
                     *         "chainId": 8453,
                     *         "currency": "USDC",
                     *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "decimals": 6,
                     *         "paymentUri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x8617E340B3D01FA5F11F306F4090FD50E238070D",
                     *         "expiresAt": "2026-11-26T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            address: string;
                            chainId: number;
                            currency: string;
                            tokenAddress: string | null;
                            decimals: number;
                            /** @description EIP-681 without an amount on EVM chains; on TRON the base58 address itself */
                            paymentUri: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `SESSION_EXPIRED` (not retryable), `SESSION_NOT_OPEN` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestDirectTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "chainId": 8453,
                 *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                 *     }
                 */
                "application/json": {
                    sid: string;
                    address: string;
                    chainId: number;
                    tokenAddress: string;
                };
            };
        };
        responses: {
            /** @description The withdrawal request */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Withdrawal requested",
                     *       "data": {
                     *         "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                     *         "withdrawStatus": "PENDING"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uuid */
                            withdrawRequestId: string;
                            withdrawStatus: string;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `SESSION_EXPIRED` (not retryable), `SESSION_NOT_OPEN` (not retryable), `INVALID_JSON` (not retryable), `INVALID_ADDRESS` (not retryable), `WITHDRAW_IN_PROGRESS` (not retryable), `WITHDRAW_DECLINED` (not retryable), `INSUFFICIENT_BALANCE` (not retryable), `WITHDRAW_UNAVAILABLE` (not retryable), `USER_NOT_ELIGIBLE` (not retryable), `DAILY_LIMIT_EXCEEDED` (not retryable), `WITHDRAW_AMOUNT_TOO_LOW` (not retryable), `WITHDRAW_AMOUNT_TOO_HIGH` (not retryable), `ACCOUNT_VERIFICATION_REQUIRED` (not retryable), `WITHDRAW_SUSPENDED` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `INSUFFICIENT_LIQUIDITY` (retryable), `WITHDRAW_CAP_UNVERIFIABLE` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable. errorCode: `PRICE_UNAVAILABLE` (retryable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDepositPage: {
        parameters: {
            query: {
                /**
                 * @description The session's sid
                 * @example 6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f
                 */
                sid: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Deposit</title>…</head><body>…</body></html> */
                    "text/html": string;
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWithdrawPage: {
        parameters: {
            query: {
                /**
                 * @description The session's sid
                 * @example 6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f
                 */
                sid: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Withdraw</title>…</head><body>…</body></html> */
                    "text/html": string;
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidgetScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example "use strict";(()=>{…})(); */
                    "application/javascript": string;
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidgetStyles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSS */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example :root{color-scheme:light dark}… */
                    "text/css": string;
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidgetStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    sid: string;
                };
            };
        };
        responses: {
            /** @description Deposits seen, or the latest withdrawal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Session status",
                     *       "data": {
                     *         "status": "OPEN",
                     *         "expiresAt": "2026-11-26T09:00:00.000Z",
                     *         "deposits": [
                     *           {
                     *             "depositId": "1042",
                     *             "chainId": 8453,
                     *             "symbol": "USDC",
                     *             "amount": "49750000",
                     *             "status": "CONFIRMING",
                     *             "confirmations": 3,
                     *             "requiredConfirmations": 12,
                     *             "txHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** @enum {string} */
                            status: "OPEN" | "COMPLETED" | "EXPIRED" | "CANCELLED";
                            expiresAt: string;
                            deposits: {
                                depositId: string;
                                chainId: number;
                                symbol: string;
                                /** @description Token units: gross while confirming, the credited net amount once credited */
                                amount: string;
                                /** @enum {string} */
                                status: "CONFIRMING" | "CONFIRMED" | "CREDITED";
                                confirmations: number;
                                requiredConfirmations: number;
                                txHash: string;
                            }[];
                        } | {
                            /** @enum {string} */
                            status: "OPEN" | "COMPLETED" | "EXPIRED" | "CANCELLED";
                            expiresAt: string;
                            withdrawal: {
                                /** Format: uuid */
                                withdrawRequestId: string;
                                withdrawStatus: string;
                                symbol: string;
                                amount: string | null;
                                txHash: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidgetQr: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                 *       "uri": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x8617E340B3D01FA5F11F306F4090FD50E238070D"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    sid: string;
                    uri: string;
                };
            };
        };
        responses: {
            /** @description The image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "QR code",
                     *       "data": {
                     *         "image": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA…"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** @description An SVG data URL */
                            image: string;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `SESSION_EXPIRED` (not retryable), `SESSION_NOT_OPEN` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWidgetQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                 *       "chainId": 8453,
                 *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    sid: string;
                    chainId: number;
                    tokenAddress: string | null;
                };
            };
        };
        responses: {
            /** @description The estimate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Deposit estimate",
                     *       "data": {
                     *         "estimate": "54.12"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** @description About how many tokens the session's amount is now; null when the price or the FX rate is unknown */
                            estimate: string | null;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `SESSION_EXPIRED` (not retryable), `SESSION_NOT_OPEN` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDepositSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "externalUserId": "user-42",
                 *       "lang": "en",
                 *       "platformFiatCurrency": "EUR",
                 *       "userBalance": "250.00",
                 *       "amount": "50.00",
                 *       "operatorReference": "deposit-9001",
                 *       "redirectUrl": "https://casino.example.org/cashier"
                 *     }
                 */
                "application/json": {
                    externalUserId: string;
                    lang: string;
                    platformFiatCurrency: string;
                    userBalance: string;
                    amount: string;
                    email?: string | null;
                    operatorReference?: string | null;
                    redirectUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Deposit session created",
                     *       "data": {
                     *         "url": "https://pay.example.org/widget/deposit?sid=6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                     *         "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "expiresAt": "2026-11-26T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uri */
                            url: string;
                            /** Format: uuid */
                            sid: string;
                            sessionRef: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable), `AMOUNT_BELOW_MINIMUM` (not retryable), `AMOUNT_ABOVE_MAXIMUM` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWithdrawSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "externalUserId": "user-42",
                 *       "lang": "en",
                 *       "platformFiatCurrency": "USD",
                 *       "userBalance": "250.00",
                 *       "amount": "100.00",
                 *       "operatorReference": "payout-9001",
                 *       "executionMode": "HEADLESS",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "chainId": 8453,
                 *       "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                 *     }
                 */
                "application/json": {
                    externalUserId: string;
                    lang: string;
                    platformFiatCurrency: string;
                    userBalance: string;
                    amount: string;
                    email?: string | null;
                    operatorReference?: string | null;
                    /** @enum {string} */
                    executionMode?: "HEADLESS";
                } | {
                    externalUserId: string;
                    lang: string;
                    platformFiatCurrency: string;
                    userBalance: string;
                    amount: string;
                    email?: string | null;
                    operatorReference: string;
                    /** @enum {string} */
                    executionMode: "HEADLESS";
                    address: string;
                    chainId: number;
                    tokenAddress: string;
                };
            };
        };
        responses: {
            /** @description Created: a widget session, or a headless intent */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Headless withdrawal created",
                     *       "data": {
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "expiresAt": "2026-11-27T08:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uri */
                            url: string;
                            /** Format: uuid */
                            sid: string;
                            sessionRef: string;
                            /** Format: date-time */
                            expiresAt: string;
                        } | {
                            sessionRef: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable), `AMOUNT_BELOW_MINIMUM` (not retryable), `AMOUNT_ABOVE_MAXIMUM` (not retryable), `OPERATOR_REFERENCE_REQUIRED` (not retryable), `HEADLESS_INVALID_RECIPIENT` (not retryable), `HEADLESS_UNSUPPORTED_CHAIN` (not retryable), `HEADLESS_UNSUPPORTED_TOKEN` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable), `HEADLESS_NOT_ENABLED` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable), `OPERATOR_REFERENCE_CONFLICT` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable. errorCode: `SERVICE_UNAVAILABLE` (retryable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Session cancelled",
                     *       "data": {
                     *         "sid": "6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f",
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "status": "CANCELLED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uuid */
                            sid: string;
                            sessionRef: string;
                            /** @enum {string} */
                            status: "CANCELLED";
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `SESSION_EXPIRED` (not retryable), `SESSION_NOT_OPEN` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 6f1c2a3e-8a1b-4c2d-9e3f-0a1b2c3d4e5f */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "25.00",
                 *       "currency": "USD",
                 *       "chainId": 8453,
                 *       "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                 *     }
                 */
                "application/json": {
                    amount?: string;
                    currency?: string;
                    chainId?: number;
                    address?: string;
                };
            };
        };
        responses: {
            /** @description The delivery outcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "data": {
                     *         "delivered": true,
                     *         "status": 200,
                     *         "event": "DEPOSIT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        data: {
                            delivered: boolean;
                            /** @description The operator endpoint's HTTP status, null when it could not be reached */
                            status: number | null;
                            reason?: string;
                            /** @enum {string} */
                            event: "DEPOSIT" | "WITHDRAW_COMPLETE";
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable), `INVALID_ADDRESS` (not retryable), `WEBHOOK_NOT_CONFIGURED` (not retryable), `EXTERNAL_USER_MISSING` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `SESSION_NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests. errorCode: `RATE_LIMITED` (retryable). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDepositor: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "externalUserId": "user-42",
                 *       "email": "player@example.org"
                 *     }
                 */
                "application/json": {
                    externalUserId: string;
                    email?: string | null;
                };
            };
        };
        responses: {
            /** @description Already existed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            externalUserId: string;
                            addresses: {
                                chainId: number;
                                address: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Depositor created",
                     *       "data": {
                     *         "externalUserId": "user-42",
                     *         "addresses": [
                     *           {
                     *             "chainId": 8453,
                     *             "address": "0x8617E340B3D01FA5F11F306F4090FD50E238070D"
                     *           },
                     *           {
                     *             "chainId": 1,
                     *             "address": "0x8617E340B3D01FA5F11F306F4090FD50E238070D"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            externalUserId: string;
                            addresses: {
                                chainId: number;
                                address: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkDepositor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example user-42 */
                externalUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The depositor (exists false when unknown) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Depositor found",
                     *       "data": {
                     *         "exists": true,
                     *         "externalUserId": "user-42",
                     *         "addresses": [
                     *           {
                     *             "chainId": 8453,
                     *             "address": "0x8617E340B3D01FA5F11F306F4090FD50E238070D"
                     *           }
                     *         ],
                     *         "deposits": [
                     *           {
                     *             "depositId": "1042",
                     *             "chainId": 8453,
                     *             "symbol": "USDC",
                     *             "amount": "49750000",
                     *             "status": "CREDITED",
                     *             "transactionHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *             "confirmedAt": "2026-11-26T08:12:30.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            exists: boolean;
                            externalUserId: string;
                            addresses: {
                                chainId: number;
                                address: string;
                            }[];
                            deposits: {
                                /** @description A 64-bit id as text */
                                depositId: string;
                                chainId: number;
                                symbol: string;
                                /** @description Raw token units: net of the fee once credited, else the gross amount seen on chain */
                                amount: string;
                                /** @enum {string} */
                                status: "CONFIRMING" | "SWEEPING" | "PRICING" | "CREDITED" | "DROPPED" | "DUST";
                                transactionHash: string;
                                /** Format: date-time */
                                confirmedAt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decideWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "APPROVE"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    decision: "APPROVE" | "REJECT";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The withdrawal's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "data": {
                     *         "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                     *         "withdrawStatus": "COMPLETED",
                     *         "settlementTxHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *         "held": false,
                     *         "heldReason": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        data: {
                            /** Format: uuid */
                            withdrawRequestId: string;
                            withdrawStatus: string;
                            settlementTxHash: string | null;
                            held: boolean;
                            heldReason: string | null;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `INVALID_JSON` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable), `INVALID_TRANSITION` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large. errorCode: `PAYLOAD_TOO_LARGE` (not retryable). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type. errorCode: `UNSUPPORTED_MEDIA_TYPE` (not retryable). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWithdrawOptions: {
        parameters: {
            query?: {
                /** @example sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8 */
                sessionRef?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Options */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Withdrawal options",
                     *       "data": {
                     *         "options": [
                     *           {
                     *             "chainId": 8453,
                     *             "chainName": "Base",
                     *             "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "displaySymbol": "USDC",
                     *             "name": "USD Coin",
                     *             "decimals": 6,
                     *             "bankrollBalance": "15000.5",
                     *             "reservedAmount": "1200",
                     *             "availableAmount": "13800.5",
                     *             "status": "AVAILABLE"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            options: {
                                chainId: number;
                                chainName: string;
                                tokenAddress: string;
                                symbol: string;
                                displaySymbol: string;
                                name: string;
                                decimals: number;
                                bankrollBalance: string | null;
                                reservedAmount: string | null;
                                availableAmount: string | null;
                                /** @enum {string} */
                                status: "AVAILABLE" | "UNAVAILABLE" | "UNKNOWN";
                            }[];
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable), `HEADLESS_NOT_ENABLED` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    executeHeadlessWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8 */
                sessionRef: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued (or replayed) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Withdrawal queued",
                     *       "data": {
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                     *         "withdrawalStatus": "EXECUTION_QUEUED",
                     *         "chainId": 8453,
                     *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "symbol": "USDC",
                     *         "fiatAmount": "100.00",
                     *         "fiatCurrency": "USD",
                     *         "cryptoAmountSent": "99.99",
                     *         "amountInUsd": "100.000000",
                     *         "priceRate": "1.0001",
                     *         "expiresAt": "2026-11-27T08:00:00.000Z",
                     *         "executedAt": "2026-11-26T08:05:00.000Z",
                     *         "replayed": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            sessionRef: string;
                            /** Format: uuid */
                            withdrawRequestId: string;
                            /** @enum {string} */
                            withdrawalStatus: "EXECUTION_QUEUED";
                            chainId: number;
                            tokenAddress: string;
                            symbol: string;
                            fiatAmount: string;
                            fiatCurrency: string;
                            cryptoAmountSent: string;
                            amountInUsd: string;
                            priceRate: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** Format: date-time */
                            executedAt: string;
                            replayed: boolean;
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable), `AMOUNT_BELOW_MINIMUM` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable), `HEADLESS_NOT_ENABLED` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable), `HEADLESS_INTENT_NOT_EXECUTABLE` (not retryable), `HEADLESS_UNSUPPORTED_CHAIN` (not retryable), `HEADLESS_UNSUPPORTED_TOKEN` (not retryable), `INSUFFICIENT_LIQUIDITY` (retryable), `WITHDRAW_CAP_UNVERIFIABLE` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable. errorCode: `PRICE_UNAVAILABLE` (retryable), `BALANCE_UNAVAILABLE` (retryable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHeadlessWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8 */
                sessionRef: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Withdrawal status",
                     *       "data": {
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                     *         "status": "COMPLETED",
                     *         "retryable": null,
                     *         "txHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *         "txState": "CONFIRMED",
                     *         "confirmations": 12,
                     *         "requiredConfirmations": 12,
                     *         "callbackState": "DELIVERED",
                     *         "reasonCode": null,
                     *         "fiatAmount": "100.00",
                     *         "fiatCurrency": "USD",
                     *         "cryptoAmountSent": "99.99",
                     *         "amountInUsd": "100.000000",
                     *         "symbol": "USDC",
                     *         "chainId": 8453,
                     *         "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                     *         "createdAt": "2026-11-26T08:00:00.000Z",
                     *         "updatedAt": "2026-11-26T08:07:10.000Z",
                     *         "expiresAt": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            sessionRef: string;
                            /** Format: uuid */
                            withdrawRequestId: string;
                            /** @enum {string} */
                            status: "CREATED" | "EXECUTION_QUEUED" | "WAITING_FOR_GAS" | "RECONCILING" | "COMPLETED" | "FAILED" | "CANCELLED" | "EXPIRED";
                            retryable: boolean | null;
                            txHash: string | null;
                            /** @enum {string} */
                            txState: "NONE" | "BROADCASTED" | "CONFIRMING" | "CONFIRMED";
                            confirmations: number | null;
                            requiredConfirmations: number;
                            /** @enum {string} */
                            callbackState: "NONE" | "PENDING" | "DELIVERED" | "RETRYING" | "DEAD_LETTER";
                            reasonCode: string | null;
                            fiatAmount: string;
                            fiatCurrency: string;
                            cryptoAmountSent: string | null;
                            amountInUsd: string | null;
                            symbol: string;
                            chainId: number;
                            tokenAddress: string;
                            address: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                        };
                    };
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable), `HEADLESS_NOT_ENABLED` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelHeadlessWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8 */
                sessionRef: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Withdrawal cancelled",
                     *       "data": {
                     *         "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                     *         "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                     *         "withdrawalStatus": "CANCELLED"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            sessionRef: string;
                            /** Format: uuid */
                            withdrawRequestId: string;
                            /** @enum {string} */
                            withdrawalStatus: "CANCELLED";
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable), `HEADLESS_NOT_ENABLED` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable), `HEADLESS_CANCEL_NOT_ALLOWED` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEvents: {
        parameters: {
            query?: {
                /** @example DEPOSIT */
                event?: "DEPOSIT" | "WITHDRAW_REQUEST" | "WITHDRAW_COMPLETE" | "WITHDRAW_FAILED" | "WITHDRAW_CANCELLED";
                /** @example DEAD_LETTER */
                status?: "PENDING" | "RETRYING" | "DELIVERED" | "DEAD_LETTER";
                /** @example 2026-11-25T00:00:00.000Z */
                since?: string;
                /** @example 2026-11-26T00:00:00.000Z */
                until?: string;
                /** @example 50 */
                limit?: number;
                /** @example MjAyNi0xMS0yNVQxMjowMDowMC4wMDBafDlkMmMxYjBhLThmN2UtNGQ2Yy1iNWE0LTNmMmUxZDBjOWI4Yg */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Webhook events",
                     *       "data": [
                     *         {
                     *           "eventId": "9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a",
                     *           "operatorId": "2a7d9c4e-1b3f-4a5d-8e6c-0f9b8a7d6c5e",
                     *           "event": "DEPOSIT",
                     *           "status": "DEAD_LETTER",
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "at": "2026-11-25T10:00:00.000Z",
                     *               "httpStatus": 500,
                     *               "error": null,
                     *               "latencyMs": 84,
                     *               "responseExcerpt": "Internal Server Error"
                     *             }
                     *           ],
                     *           "createdAt": "2026-11-25T10:00:00.000Z",
                     *           "deliveredAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uuid */
                            eventId: string;
                            /** Format: uuid */
                            operatorId: string;
                            /** @enum {string} */
                            event: "DEPOSIT" | "WITHDRAW_REQUEST" | "WITHDRAW_COMPLETE" | "WITHDRAW_FAILED" | "WITHDRAW_CANCELLED";
                            /** @enum {string} */
                            status: "PENDING" | "RETRYING" | "DELIVERED" | "DEAD_LETTER";
                            attempts: {
                                attempt: number;
                                /** Format: date-time */
                                at: string;
                                httpStatus: number | null;
                                error: string | null;
                                latencyMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            deliveredAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR.
                 * @example order-9001-attempt
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example 9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A fresh delivery run started */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "message": "Redelivery queued",
                     *       "data": {
                     *         "eventId": "9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a",
                     *         "status": "RETRYING"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "success";
                        message: string;
                        data: {
                            /** Format: uuid */
                            eventId: string;
                            /** @enum {string} */
                            status: "RETRYING";
                        };
                    };
                };
            };
            /** @description Bad Request. errorCode: `VALIDATION_ERROR` (not retryable). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized. errorCode: `UNAUTHORIZED` (not retryable). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. errorCode: `OPERATOR_INACTIVE` (not retryable). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found. errorCode: `NOT_FOUND` (not retryable). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. errorCode: `IDEMPOTENCY_KEY_REUSED` (not retryable), `IDEMPOTENCY_KEY_IN_USE` (retryable), `INVALID_TRANSITION` (not retryable). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Any other error (e.g. 500 INTERNAL_ERROR) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    depositEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret> */
                "X-Signature": string;
                /** @description Stable across retries: deduplicate on it */
                "X-Event-Id": string;
                /** @description 1 for the first delivery */
                "X-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event": "DEPOSIT",
                 *       "depositId": "1042",
                 *       "idempotencyKey": "deposit-8453-0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060-0",
                 *       "externalUserId": "user-42",
                 *       "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                 *       "sessionAmount": "50.00",
                 *       "amount": "49750000",
                 *       "amountInDollar": "49.750000",
                 *       "amountInLocalCurrency": "45.77",
                 *       "localCurrencyCode": "EUR",
                 *       "currentRate": "0.92",
                 *       "pair": "USD/EUR",
                 *       "grossAmount": "50000000",
                 *       "feeAmount": "250000",
                 *       "feeInDollar": "0.250000",
                 *       "type": "ERC20",
                 *       "contractAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "transactionHash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                 *       "chainId": "8453",
                 *       "confirmedAt": "2026-11-26T08:12:30.000Z"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    event: "DEPOSIT";
                    depositId: string;
                    idempotencyKey: string;
                    externalUserId: string;
                    sessionRef: string;
                    sessionAmount: string;
                    amount: string;
                    amountInDollar: string;
                    amountInLocalCurrency: string;
                    localCurrencyCode: string;
                    currentRate: string;
                    pair: string;
                    grossAmount: string;
                    feeAmount: string;
                    feeInDollar: string;
                    type: string;
                    contractAddress: string;
                    transactionHash: string;
                    chainId: string;
                    confirmedAt: string;
                };
            };
        };
        responses: {
            /** @description Acknowledged when the body is JSON with error 0 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 0,
                     *       "description": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                        error: number | string;
                        description?: string;
                    };
                };
            };
        };
    };
    withdrawRequestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret> */
                "X-Signature": string;
                /** @description Stable across retries: deduplicate on it */
                "X-Event-Id": string;
                /** @description 1 for the first delivery */
                "X-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event": "WITHDRAW_REQUEST",
                 *       "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                 *       "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                 *       "externalUserId": "user-42",
                 *       "type": "DIRECT_TRANSFER",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "cryptoCurrencyCode": "USDC",
                 *       "fiatCurrencyCode": "USD",
                 *       "fiatAmount": "100.00",
                 *       "cryptoAmount": "null",
                 *       "cryptoAmountSent": "99.99",
                 *       "amountInUsd": "100.000000",
                 *       "requestedAt": "2026-11-26T08:00:00.000Z"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    event: "WITHDRAW_REQUEST";
                    withdrawRequestId: string;
                    sessionRef: string;
                    externalUserId: string;
                    type: string;
                    address: string;
                    cryptoCurrencyCode: string;
                    fiatCurrencyCode: string;
                    fiatAmount: string;
                    cryptoAmount: string;
                    cryptoAmountSent: string;
                    amountInUsd: string;
                    requestedAt: string;
                };
            };
        };
        responses: {
            /** @description Acknowledged when the body is JSON with error 0 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 0,
                     *       "description": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                        error: number | string;
                        description?: string;
                    };
                };
            };
        };
    };
    withdrawCompleteEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret> */
                "X-Signature": string;
                /** @description Stable across retries: deduplicate on it */
                "X-Event-Id": string;
                /** @description 1 for the first delivery */
                "X-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event": "WITHDRAW_COMPLETE",
                 *       "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                 *       "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                 *       "externalUserId": "user-42",
                 *       "type": "DIRECT_TRANSFER",
                 *       "status": "COMPLETED",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "cryptoCurrencyCode": "USDC",
                 *       "fiatCurrencyCode": "USD",
                 *       "fiatAmount": "100.00",
                 *       "cryptoAmount": "null",
                 *       "cryptoAmountSent": "99.99",
                 *       "amountInUsd": "100.000000",
                 *       "completedAt": "2026-11-26T08:07:10.000Z"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    event: "WITHDRAW_COMPLETE";
                    withdrawRequestId: string;
                    sessionRef: string;
                    externalUserId: string;
                    type: string;
                    status: string;
                    address: string;
                    cryptoCurrencyCode: string;
                    fiatCurrencyCode: string;
                    fiatAmount: string;
                    cryptoAmount: string;
                    cryptoAmountSent: string;
                    amountInUsd: string;
                    completedAt: string;
                };
            };
        };
        responses: {
            /** @description Acknowledged when the body is JSON with error 0 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 0,
                     *       "description": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                        error: number | string;
                        description?: string;
                    };
                };
            };
        };
    };
    withdrawFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret> */
                "X-Signature": string;
                /** @description Stable across retries: deduplicate on it */
                "X-Event-Id": string;
                /** @description 1 for the first delivery */
                "X-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event": "WITHDRAW_FAILED",
                 *       "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                 *       "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                 *       "externalUserId": "user-42",
                 *       "type": "DIRECT_TRANSFER",
                 *       "status": "FAILED",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "cryptoCurrencyCode": "USDC",
                 *       "fiatCurrencyCode": "USD",
                 *       "fiatAmount": "100.00",
                 *       "cryptoAmount": "null",
                 *       "cryptoAmountSent": "99.99",
                 *       "amountInUsd": "100.000000",
                 *       "retryable": "false",
                 *       "reasonCode": "PAYOUT_REVERTED",
                 *       "eventId": "9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    event: "WITHDRAW_FAILED";
                    withdrawRequestId: string;
                    sessionRef: string;
                    externalUserId: string;
                    type: string;
                    status: string;
                    address: string;
                    cryptoCurrencyCode: string;
                    fiatCurrencyCode: string;
                    fiatAmount: string;
                    cryptoAmount: string;
                    cryptoAmountSent: string;
                    amountInUsd: string;
                    retryable: string;
                    reasonCode: string;
                    eventId: string;
                };
            };
        };
        responses: {
            /** @description Acknowledged when the body is JSON with error 0 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 0,
                     *       "description": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                        error: number | string;
                        description?: string;
                    };
                };
            };
        };
    };
    withdrawCancelledEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret> */
                "X-Signature": string;
                /** @description Stable across retries: deduplicate on it */
                "X-Event-Id": string;
                /** @description 1 for the first delivery */
                "X-Delivery-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "event": "WITHDRAW_CANCELLED",
                 *       "withdrawRequestId": "0b6e2f6a-3c1d-4e5f-9a8b-7c6d5e4f3a2b",
                 *       "sessionRef": "sr_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8",
                 *       "externalUserId": "user-42",
                 *       "type": "DIRECT_TRANSFER",
                 *       "status": "CANCELLED",
                 *       "address": "0x52908400098527886E0F7030069857D2E4169EE7",
                 *       "cryptoCurrencyCode": "USDC",
                 *       "fiatCurrencyCode": "USD",
                 *       "fiatAmount": "100.00",
                 *       "cryptoAmount": "null",
                 *       "cryptoAmountSent": "null",
                 *       "amountInUsd": "null",
                 *       "reasonCode": "CANCELLED_BY_OPERATOR",
                 *       "eventId": "9d2c1b0a-8f7e-4d6c-b5a4-3f2e1d0c9b8a"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    event: "WITHDRAW_CANCELLED";
                    withdrawRequestId: string;
                    sessionRef: string;
                    externalUserId: string;
                    type: string;
                    status: string;
                    address: string;
                    cryptoCurrencyCode: string;
                    fiatCurrencyCode: string;
                    fiatAmount: string;
                    cryptoAmount: string;
                    cryptoAmountSent: string;
                    amountInUsd: string;
                    reasonCode: string;
                    eventId: string;
                };
            };
        };
        responses: {
            /** @description Acknowledged when the body is JSON with error 0 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 0,
                     *       "description": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                        error: number | string;
                        description?: string;
                    };
                };
            };
        };
    };
}
