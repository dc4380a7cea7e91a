import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SHARED_COMPILERS } from './sharedCompilers';

const ROUTE = { method: 'GET', url: '/x', httpStatus: '200', httpPart: 'body' };
const SHARED = { thing: { $id: 'thing', type: 'object', properties: { n: { type: 'integer' } } } };
const BODY = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

describe('the compilers shared by every app of a process', () => {
  const validators = () => SHARED_COMPILERS.buildValidator!(SHARED, { customOptions: { coerceTypes: false } });
  const serializers = () => SHARED_COMPILERS.buildSerializer!(SHARED, {});

  it('compile an equal schema once, for another app too, and a different one afresh', () => {
    const first = validators()({ ...ROUTE, schema: structuredClone(BODY) } as never);
    const again = validators()({ ...ROUTE, schema: structuredClone(BODY) } as never);
    const other = validators()({ ...ROUTE, schema: { ...BODY, required: [] } } as never);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(serializers()({ ...ROUTE, schema: BODY } as never)).toBe(serializers()({ ...ROUTE, schema: BODY } as never));
  });

  it('keep apart what other shared schemas or options compile to', () => {
    const schema = { ...ROUTE, schema: BODY } as never;
    const base = validators()(schema);
    expect(SHARED_COMPILERS.buildValidator!({}, { customOptions: { coerceTypes: false } })(schema)).not.toBe(base);
    expect(SHARED_COMPILERS.buildValidator!(SHARED, { customOptions: { coerceTypes: true } })(schema)).not.toBe(base);
  });

  it('validate and serialize as Fastify’s own do, $refs to shared schemas included', async () => {
    const build = async () => {
      const app = Fastify({ schemaController: { compilersFactory: SHARED_COMPILERS } });
      app.addSchema(SHARED.thing);
      app.post(
        '/x',
        { schema: { body: BODY, response: { 200: { type: 'object', properties: { thing: { $ref: 'thing#' } } } } } },
        async () => ({ thing: { n: 7, secret: 'not in the schema' } }),
      );
      await app.ready();
      return app;
    };
    for (const app of [await build(), await build()]) {
      const refused = await app.inject({ method: 'POST', url: '/x', payload: { nom: 'x' } });
      expect(refused.statusCode).toBe(400);
      const answered = await app.inject({ method: 'POST', url: '/x', payload: { name: 'x' } });
      expect(answered.json()).toEqual({ thing: { n: 7 } });
      await app.close();
    }
  });
});
