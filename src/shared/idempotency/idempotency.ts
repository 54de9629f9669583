/**
 * How long the server keeps an Idempotency-Key's answer (decision 007). The server sweeps its
 * keys after this; the counter's offline outbox does not send a sale queued longer ago than this
 * without a person looking at it first, because the server may no longer know its key. Shared
 * so that both sides agree.
 */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 48;

export const IDEMPOTENCY_KEY_RETENTION_MS = IDEMPOTENCY_KEY_RETENTION_HOURS * 60 * 60 * 1000;
