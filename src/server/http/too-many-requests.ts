/**
 * A 429 that says when to come back. Services throw it like any HttpError; an onError hook
 * adds the Retry-After header (RFC 9110, 10.2.3) before the one error handler answers
 * `{ error }`, so the message and the header always agree.
 */
import { HttpError } from './errors.ts';
import type { AppInstance } from './types.ts';

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    /** Whole seconds, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

export function registerRetryAfter(app: AppInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
  });
}
