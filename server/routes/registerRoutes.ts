import type { FastifyInstance } from 'fastify';
import { refuseOtherMethods } from './methodNotAllowed';
import { urlsOf, type RouteGroup, type RouteRow } from './route';

/**
 * Every route of `groups` where its row says, with its access in its config (security/routeAccess.ts enforces it),
 * and a 405 for each other method on their paths. A path's second url answers the same, hidden from the document.
 */
export function registerRoutes<Deps>(app: FastifyInstance, groups: readonly RouteGroup<Deps>[], deps: Deps): void {
  const rows: RouteRow[] = [];
  for (const group of groups) {
    const bodies = group.handlers(deps);
    const unmade = Object.keys(group.rows).filter((name) => !(name in bodies));
    if (unmade.length > 0) throw new Error(`the route table names routes no handler makes: ${unmade.join(', ')}`);
    for (const [name, body] of Object.entries(bodies)) {
      const row = group.rows[name];
      if (!row) throw new Error(`the route ${name} has no row in the route table`);
      urlsOf(row).forEach((url, i) =>
        app.route({
          ...body,
          method: row.method,
          url,
          schema: i === 0 ? body.schema : { ...body.schema, hide: true },
          config: { ...body.config, access: row.access },
        }),
      );
      rows.push(row);
    }
  }
  refuseOtherMethods(app, rows);
}
