import type { Call } from '../../api/client';
import { EMBED_ORIGINS_ANSWER_SCHEMA, type EmbedOriginsAnswer } from '../../../shared/contract/embedOrigins';
import { readAnswer } from '../readAnswer';

/** The console's side of the embed origin routes (server/routes/embedOrigins.ts). */

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const CHANGE = { not_blocking: true, throw_error: true } as const;
const PATH = 'operator/embed-origins';

export async function fetchEmbedOrigins(call: Call): Promise<EmbedOriginsAnswer> {
  return readAnswer(EMBED_ORIGINS_ANSWER_SCHEMA, await call(PATH, undefined, GET));
}

export async function addEmbedOrigin(call: Call, origin: string): Promise<EmbedOriginsAnswer> {
  return readAnswer(EMBED_ORIGINS_ANSWER_SCHEMA, await call(PATH, { origin }, CHANGE));
}

export async function removeEmbedOrigin(call: Call, origin: string): Promise<EmbedOriginsAnswer> {
  const path = `${PATH}?origin=${encodeURIComponent(origin)}`;
  return readAnswer(EMBED_ORIGINS_ANSWER_SCHEMA, await call(path, undefined, { ...CHANGE, method: 'DELETE' }));
}
