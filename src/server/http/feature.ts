/**
 * A server feature as a Fastify plugin (docs/decisions/029): it registers its own routes, hooks
 * and outbound jobs, and reads what the app provides from the root's decorators (http/types.ts).
 *
 * Encapsulated by default: the hooks, parsers and decorators a feature adds apply to its own
 * routes only. A feature that offers something to other features or to tests (the realtime
 * sockets' presence, the kitchen watchdog) is `shared`: like fastify-plugin, its decorators land
 * on the app (Symbol.for('skip-override')); such a feature adds no request hooks.
 */
import type { AppInstance } from './types.ts';

export type FeaturePlugin<Options extends object = Record<never, never>> = (
  app: AppInstance,
  options: Options,
) => Promise<void>;

export interface FeatureMeta {
  /**
   * Features whose decorators this one uses: Fastify refuses to start when one of them was not
   * registered before it.
   */
  dependencies?: string[];
  /** Its decorators are the app's (see above). */
  shared?: boolean;
}

/** Names `plugin` for Fastify (its dependency checks and its errors) and says how it nests. */
export function feature<Options extends object>(
  name: string,
  plugin: FeaturePlugin<Options>,
  meta: FeatureMeta = {},
): FeaturePlugin<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: meta.shared === true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, dependencies: meta.dependencies ?? [] },
  });
}
