/**
 * Route walks: the routes an app has registered, for tests that must cover every route
 * (the access table, bad input) and fail when a new route slips past them.
 */
import type { AppInstance } from '#server/http/types.ts';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every route the app has registered, read from `printRoutes({ commonPrefix: false })`: one line
 * per route path, children nested under the route whose path they extend. Each parsed route is
 * checked back with `hasRoute`, so a change in the print format fails loudly instead of
 * silently listing nothing.
 */
export function registeredRoutes(app: AppInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (.+) \(([A-Z, ]+)\)$/u.exec(line);
    if (!match) throw new Error(`Cannot read this line of printRoutes: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]!.split(', ')) routes.push({ method, path });
  }
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method as 'GET', url: route.path })) {
      throw new Error(
        `printRoutes listed ${route.method} ${route.path}, which hasRoute does not know`,
      );
    }
  }
  return routes;
}
