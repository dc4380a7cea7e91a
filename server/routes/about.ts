import type { About } from '../../shared/contract/about';
import { ABOUT_ANSWER_SCHEMA } from '../../shared/contract/about';
import { BUILD_INFO } from '../buildInfo';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import { shownFeedUrl } from '../feed/shownFeedUrl';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

export const ABOUT_ROUTE_SCHEMA = {
  operationId: 'getAbout',
  tags: ['operator'],
  summary: 'What runs at this deployment',
  description:
    "The version and commit built, the storage engine, Node.js's version, the server's time zone and the feed it " +
    'follows (as the feed review shows it: no password, no query value). Admins and their tokens, as for the ' +
    "metrics, whose `rvm_build_info` names the build too: for the console's About page.",
  security: CONSOLE_SECURITY,
  response: {
    200: { description: 'What runs', ...ABOUT_ANSWER_SCHEMA },
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer(
      'forbidden: not an admin; passwordChangeRequired: the account must choose a new password first',
    ),
    ...SERVER_ERRORS,
  },
} as const;

/** What `GET /api/operator/about` answers for a server of `config` on `engine`; the same for every call. */
export function aboutOf(
  config: Pick<ServerConfig, 'upstreamUrl' | 'upstreamIntervalMs'>,
  engine: Engine['kind'],
): About {
  return {
    version: BUILD_INFO.version,
    commit: BUILD_INFO.commit,
    engine,
    node: process.version,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    feed:
      config.upstreamUrl === null
        ? null
        : { url: shownFeedUrl(config.upstreamUrl), intervalS: Math.round(config.upstreamIntervalMs / 1000) },
  };
}

/** `GET /api/operator/about`. */
export function aboutRoutes({ config, engine }: { config: ServerConfig; engine: Engine }) {
  const about = aboutOf(config, engine.kind);
  return {
    about: route({ schema: ABOUT_ROUTE_SCHEMA, handler: async () => ({ success: true, about }) as const }),
  };
}
