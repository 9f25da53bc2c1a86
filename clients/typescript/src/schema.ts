// Generated from the gateway's OpenAPI document by `npm run client:generate`. Do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process answers */
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
        /** PostgreSQL, Temporal and every active chain answer */
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
         * @description Needs METRICS_TOKEN as a Bearer token when the gateway sets one.
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
        /** Networks and their tokens (the native asset has address null) */
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
        /** This document (OpenAPI 3.1) */
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
        /** The API reference (HTML) */
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
        /** Revoke the caller's admin token */
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
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.
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
        /** Operators (no secrets) */
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
        /** The webhook outbox, newest first */
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
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.
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
        /** Deposits, newest first (status=DUST: transfers below their minimum, never credited) */
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
        /** Withdrawals, newest first */
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
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.
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
         * @description ADMIN and SUPERADMIN; SUPPORT gets 403 FORBIDDEN_ROLE.
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
        /** Treasury sources and their top-ups into the bankroll, cold addresses and the newest sends to them */
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
        /** The pages' script */
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
        /** The pages' styles */
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
         * @description Auth: the session's `sid` is the credential (no operator key).
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
        /** Create a deposit session (widget URL and sid) */
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
         * @description A headless intent: Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).
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
        /** Cancel an open session */
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
        /** Send a signed test event (test=true) to the operator's webhook; no funds move */
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
        /** Allocate a user's deposit address (idempotent) */
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
        /** A user's addresses and latest deposits */
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
        /** Approve or reject an external-approval (Mode B) withdrawal */
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
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).
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
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).
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
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).
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
         * @description Needs headless mode enabled for the operator (else 403 HEADLESS_NOT_ENABLED).
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
        /** The operator's (and its sub-operators') webhook events with their attempts, newest first */
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
        /** Redeliver one of its dead-lettered events */
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
         * @description Signed with the operator's webhook secret; see docs/webhooks.md for verification and retries.
         */
        post: {
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
                        "application/json": {
                            /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                            error: number | string;
                            description?: string;
                        };
                    };
                };
            };
        };
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
         * @description Signed with the operator's webhook secret; see docs/webhooks.md for verification and retries.
         */
        post: {
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
                        "application/json": {
                            /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                            error: number | string;
                            description?: string;
                        };
                    };
                };
            };
        };
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
         * @description Signed with the operator's webhook secret; see docs/webhooks.md for verification and retries.
         */
        post: {
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
                        "application/json": {
                            /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                            error: number | string;
                            description?: string;
                        };
                    };
                };
            };
        };
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
         * @description Signed with the operator's webhook secret; see docs/webhooks.md for verification and retries.
         */
        post: {
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
                        "application/json": {
                            /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                            error: number | string;
                            description?: string;
                        };
                    };
                };
            };
        };
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
         * @description Signed with the operator's webhook secret; see docs/webhooks.md for verification and retries.
         */
        post: {
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
                        "application/json": {
                            /** @description 0 acknowledges; 1-9 deny a Mode A WITHDRAW_REQUEST */
                            error: number | string;
                            description?: string;
                        };
                    };
                };
            };
        };
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
            errorCode?: "VALIDATION_ERROR" | "INVALID_JSON" | "INVALID_ADDRESS" | "UNAUTHORIZED" | "OTP_REQUIRED" | "FORBIDDEN_ROLE" | "OPERATOR_INACTIVE" | "HEADLESS_NOT_ENABLED" | "NOT_FOUND" | "SESSION_NOT_FOUND" | "SESSION_EXPIRED" | "SESSION_NOT_OPEN" | "AMOUNT_BELOW_MINIMUM" | "AMOUNT_ABOVE_MAXIMUM" | "WITHDRAW_DECLINED" | "INSUFFICIENT_BALANCE" | "WITHDRAW_UNAVAILABLE" | "USER_NOT_ELIGIBLE" | "DAILY_LIMIT_EXCEEDED" | "WITHDRAW_AMOUNT_TOO_LOW" | "WITHDRAW_AMOUNT_TOO_HIGH" | "ACCOUNT_VERIFICATION_REQUIRED" | "WITHDRAW_SUSPENDED" | "WITHDRAW_IN_PROGRESS" | "OPERATOR_REFERENCE_REQUIRED" | "HEADLESS_INVALID_RECIPIENT" | "HEADLESS_UNSUPPORTED_CHAIN" | "HEADLESS_UNSUPPORTED_TOKEN" | "OPERATOR_REFERENCE_CONFLICT" | "HEADLESS_INTENT_NOT_EXECUTABLE" | "INSUFFICIENT_LIQUIDITY" | "WITHDRAW_CAP_UNVERIFIABLE" | "HEADLESS_CANCEL_NOT_ALLOWED" | "HEADLESS_RETRY_NOT_ALLOWED" | "HEADLESS_RETRY_IN_PROGRESS" | "PRICE_UNAVAILABLE" | "GAS_ESTIMATE_FAILED" | "GAS_ABOVE_CEILING" | "BALANCE_UNAVAILABLE" | "WEBHOOK_NOT_CONFIGURED" | "EXTERNAL_USER_MISSING" | "INVALID_TRANSITION" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE";
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
            /** @description Unauthorized */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
            /** @description Unauthorized */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
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
            /** @description Unauthorized */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
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
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
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
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
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
            /** @description Bad Request */
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
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
            /** @description Bad Request */
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
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable */
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
                /** @description The session's sid */
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
                    "text/html": string;
                };
            };
            /** @description Bad Request */
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
            /** @description Too Many Requests */
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
                /** @description The session's sid */
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
                    "text/html": string;
                };
            };
            /** @description Bad Request */
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
            /** @description Too Many Requests */
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
            /** @description Bad Request */
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
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
            /** @description Bad Request */
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
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
            /** @description Bad Request */
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
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type */
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable */
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
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
            path: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
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
                event?: "DEPOSIT" | "WITHDRAW_REQUEST" | "WITHDRAW_COMPLETE" | "WITHDRAW_FAILED" | "WITHDRAW_CANCELLED";
                status?: "PENDING" | "RETRYING" | "DELIVERED" | "DEAD_LETTER";
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
            /** @description A page of events */
            200: {
                headers: {
                    /** @description The next page, absent on the last */
                    "X-Next-Cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
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
                /** @description Makes a retry safe: the first answer under this key is kept for 24 h and replayed byte for byte (status, headers, body). The same key with another body answers 409 IDEMPOTENCY_KEY_REUSED; while its first request runs, 409 IDEMPOTENCY_KEY_IN_USE. A 5xx or a retryable refusal is not kept: the key may be sent again. 1-255 printable ASCII characters, else 400 VALIDATION_ERROR. */
                "Idempotency-Key"?: string;
            };
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
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden */
            403: {
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
            /** @description Conflict */
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
}
