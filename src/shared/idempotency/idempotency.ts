/**
 * How long the server keeps an Idempotency-Key's answer (decision 007). The server sweeps its
 * keys after this; the counter's offline outbox does not send a sale queued longer ago than this
 * without a person looking at it first, because the server may no longer know its key. Shared
 * so that both sides agree.
 */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 48;

export const IDEMPOTENCY_KEY_RETENTION_MS = IDEMPOTENCY_KEY_RETENTION_HOURS * 60 * 60 * 1000;

/**
 * The 409 for a key whose first request is still being answered (here or on another instance,
 * or by a process that died and whose claim has not yet run out): not a refusal of the sale,
 * so a client tries again with the same key.
 */
export const IDEMPOTENCY_STILL_RUNNING_MESSAGE =
  'A request with this Idempotency-Key is still being answered. Please try again.';
