/**
 * Domain and HTTP errors. Services throw these; the one error handler in
 * app.ts turns every error into `{ "error": "…" }` with the right status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Per-field messages for 400s (field path -> message). */
    readonly fields?: Record<string, string>,
    /** More for the caller beside the message (a refused pickup slot's `nextSlots`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = 'Please log in first.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
