import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type CompilerFactory<Compiled> = (
  externalSchemas: unknown,
  options: unknown,
) => (route: { schema?: unknown }) => Compiled;

/**
 * Each factory's compiled functions, remembered for the process: by the shared schemas and options a factory is
 * given, then by the route's schema. What fast-json-stringify and Ajv compile is a pure function of those.
 */
function remembered<Compiled>(
  factory: CompilerFactory<Compiled>,
  optionsKey: (options: unknown) => unknown,
): CompilerFactory<Compiled> {
  const pools = new Map<string, Map<string, Compiled>>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const poolKey = JSON.stringify([externalSchemas, optionsKey(options)]);
    let pool = pools.get(poolKey);
    if (!pool) pools.set(poolKey, (pool = new Map()));
    const compiled = pool;
    return (route) => {
      const key = JSON.stringify(route.schema);
      let found = compiled.get(key);
      if (found === undefined) compiled.set(key, (found = compile(route)));
      return found;
    };
  };
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses), compiling each schema once a process
 * rather than once an app. Compiling every route's schemas was four fifths of `app.ready()` (430 of 530 ms of CPU);
 * a process that builds many apps, as the server's tests do, now compiles each schema once. Ajv's options are
 * keyed as its own pool keys them: by `customOptions`, the plugins being functions.
 */
export const SHARED_COMPILERS: Compilers = {
  buildValidator: remembered(
    AjvCompiler() as unknown as CompilerFactory<unknown>,
    (options) => (options as { customOptions?: unknown }).customOptions,
  ) as Compilers['buildValidator'],
  buildSerializer: remembered(
    SerializerSelector() as CompilerFactory<unknown>,
    (options) => options,
  ) as Compilers['buildSerializer'],
};
