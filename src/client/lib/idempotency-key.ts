/**
 * Idempotency-Key values for order-creating calls (DESIGN.md departure 14): a random UUID v4.
 * NOTE: crypto.randomUUID exists only in secure contexts; a counter tablet on the shop's
 * network over plain http has getRandomValues only.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per attempt: the same request sent again (a double tap, a retry after a dropped
 * connection) keeps its key, so the server answers it once; a changed request gets a new one.
 */
export function keyPerAttempt() {
  let last: { body: string; key: string } | null = null;
  return (request: unknown): string => {
    const body = JSON.stringify(request);
    if (last?.body !== body) last = { body, key: newIdempotencyKey() };
    return last.key;
  };
}
