import type { FromSchema } from 'json-schema-to-ts';
import { answerOf } from './wireParts';

/** What runs at this deployment, as `GET /api/operator/about` says it: for the console's About page. */
export const ABOUT_SCHEMA = {
  type: 'object',
  required: ['version', 'commit', 'engine', 'node', 'timeZone', 'feed'],
  additionalProperties: false,
  properties: {
    version: { type: 'string', description: "The package's version; `source` when the sources run unbuilt" },
    commit: { type: 'string', description: 'The commit it was built from, `+changes` when the tree had some' },
    engine: { type: 'string', enum: ['sqlite', 'postgres'], description: 'The storage engine' },
    node: { type: 'string', description: "Node.js's version, e.g. v24.1.0" },
    timeZone: { type: 'string', description: "The server's time zone (IANA), e.g. Asia/Hong_Kong" },
    feed: {
      description: 'The feed the server follows (RVM_UPSTREAM_URL), or null for none',
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['url', 'intervalS'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', description: 'Its address without a name, a password or a query value' },
            intervalS: { type: 'integer', minimum: 1, description: 'Seconds between two polls' },
          },
        },
      ],
    },
  },
} as const;

export type About = FromSchema<typeof ABOUT_SCHEMA>;

/** `{ success: true, about }`. */
export const ABOUT_ANSWER_SCHEMA = answerOf('about', ABOUT_SCHEMA);
