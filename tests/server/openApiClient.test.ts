import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeSqliteOnly, startTestServer, type TestServer } from './helpers';

/**
 * What a generator makes of `GET /api/openapi.json`: the document is valid OpenAPI 3.1, and the client
 * openapi-typescript writes from it type-checks with a list call whose answer is the contract's machines. The
 * document is the same on either engine: checked once.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Inside the tree (gitignored), so the client resolves the contract as any module here. */
const CLIENT_DIR = path.join(ROOT, 'tests/.artifacts/openapi-client');

/**
 * A client as an integrator writes it on the generated types alone, with the checks of what they must say. Plain
 * fetch: openapi-fetch reads answers through openapi-typescript-helpers' `Readable`, which turns a tuple (the
 * coordinates) into an array, so its Machine would not be the document's.
 */
const CLIENT = `import type { ApiMachine } from '../../../shared/contract/machine';
import type { components, operations, paths } from './api';

type Machine = components['schemas']['Machine'];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [status in S]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

const BASE = 'http://localhost:8080';

/** The list call: its answer is Machine[]. */
export async function machines(): Promise<Machine[]> {
  const answer = await fetch(\`\${BASE}/api/rvm/\`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!answer.ok) throw new Error(((await answer.json()) as Json<'/api/rvm/', 'post', 400>).msg);
  return ((await answer.json()) as Json<'/api/rvm/', 'post', 200>).rvms;
}

type ListAnswer = operations['listMachines']['responses'][200]['content']['application/json'];
export const listIsMachines: Equal<ListAnswer['rvms'], Machine[]> = true;
export const pathIsOperation: Equal<Json<'/api/rvm/', 'post', 200>, ListAnswer> = true;

/** Every machine the contract types is a Machine of the document, and the reverse for its known fields. */
export const fromContract = (machine: ApiMachine): Machine => machine;
export const toContract = ({ coordinates, name_zhs, bin_count_full_threshold, last_online }: Machine) => ({
  coordinates: coordinates satisfies [number, number],
  name_zhs: name_zhs satisfies string,
  bin_count_full_threshold: bin_count_full_threshold satisfies number | null,
  last_online: last_online satisfies string | null,
});

/** An operator's update and its answer, by operation id. */
type Update = operations['updateMachine'];
export async function setFull(id: string, token: string): Promise<Machine> {
  const body: Update['requestBody']['content']['application/json'] = { status: 'Full' };
  const answer = await fetch(\`\${BASE}/api/operator/machines/\${encodeURIComponent(id)}\`, {
    method: 'PATCH',
    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(((await answer.json()) as Update['responses'][400]['content']['application/json']).msg);
  return ((await answer.json()) as Update['responses'][200]['content']['application/json']).rvm;
}

// @ts-expect-error a status the contract does not have
export const badStatus: components['schemas']['MachineStateEdit'] = { status: 'Half' };
`;

describeSqliteOnly('the document is the same on PostgreSQL', 'the OpenAPI document, as a generator reads it', () => {
  let server: TestServer;
  /** Both what the generator reads and what the validator reads: the JSON as the server sent it. */
  let document: OpenAPI3 & Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer();
    document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => server.close());

  it('is valid against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('gives openapi-typescript a client whose list call answers Machine[], and that type-checks', async () => {
    const types = astToString(await openapiTS(document));
    expect(types).toMatch(/\bMachine: \{/);
    expect(types).toMatch(/\blistMachines: \{/);
    fs.rmSync(CLIENT_DIR, { recursive: true, force: true });
    fs.mkdirSync(CLIENT_DIR, { recursive: true });
    fs.writeFileSync(path.join(CLIENT_DIR, 'api.d.ts'), types);
    fs.writeFileSync(path.join(CLIENT_DIR, 'client.ts'), CLIENT);
    const program = ts.createProgram([path.join(CLIENT_DIR, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);
});
