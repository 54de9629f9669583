/**
 * The seam of the app's Web Push endpoint check (push/push-endpoint.ts checkPushEndpoint): the
 * app context (http/types.ts) carries one, so its type lives below the features.
 */
import type { LookupFunction } from 'node:net';

export interface CheckedEndpoint {
  url: URL;
  /** Connects to the checked addresses only: no second DNS answer can slip in (rebinding). */
  lookup: LookupFunction | undefined;
}

/**
 * What the app checks endpoints with: checkPushEndpoint, unless AppDeps gives another (tests
 * let their fake push service on http://127.0.0.1 through, tests/fakes/fake-push-service.ts).
 */
export type PushEndpointCheck = (endpoint: string) => Promise<CheckedEndpoint>;
