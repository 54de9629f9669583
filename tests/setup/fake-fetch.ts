/**
 * The API of a component test, faked at the fetch level: the component and its query hooks run
 * as they do in the browser, and only the HTTP answers are made up. A request with no answer
 * fails the test (an unexpected call is a bug the assertions did not look at).
 */
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string, "?units=4", or "" (answers are keyed without it). */
  search: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

type Answer = unknown | ((request: FakeRequest) => unknown);

/** A JSON answer with a status other than 200. */
export class Status {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Stubs `fetch` with answers keyed by "METHOD /path" (the query string is ignored) and returns
 * the requests it saw, in order.
 */
export function fakeApi(answers: Record<string, Answer>): FakeRequest[] {
  const seen: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://shop.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request = { method, path: url.pathname, search: url.search, headers, body };
    seen.push(request);
    const key = `${method} ${url.pathname}`;
    if (!(key in answers)) throw new Error(`fakeApi: no answer for ${key}`);
    const answer = answers[key];
    const result = typeof answer === 'function' ? answer(request) : answer;
    const { status, payload } =
      result instanceof Status
        ? { status: result.status, payload: result.body }
        : { status: 200, payload: result };
    return new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}
