/**
 * The one HTTP client of the app (spec customer-site §7): cookies are sent,
 * bodies are JSON, and any non-OK answer raises `"<status>: <body text>"`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }

  private get body(): { error?: unknown; fields?: unknown } {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }

  /** The server's `error` field when the body is our JSON error. */
  get serverMessage(): string | undefined {
    const { error } = this.body;
    return typeof error === 'string' ? error : undefined;
  }

  /** Per-field messages of a 400 (`{ fields: { firstName: "…" } }`), or none. */
  get fieldErrors(): Record<string, string> {
    const { fields } = this.body;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

/** The message to show a person for any error thrown by a request. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.') {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Raises the ApiError of a non-OK answer (for callers that read the Response themselves). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);
