import { ApiError, type Call } from '../../api/client';
import {
  API_TOKEN_ANSWER_SCHEMA,
  API_TOKENS_ANSWER_SCHEMA,
  TOKEN_DEFAULT_DAYS,
  TOKEN_MAX_DAYS,
  type ApiToken,
  type NewToken,
} from '../../../shared/contract/apiToken';
import { readAnswer } from '../readAnswer';

/** The console's side of the token routes (server/routes/apiTokens.ts). */

export { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, type ApiToken, type NewToken };

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const CHANGE = { not_blocking: true, throw_error: true } as const;

export async function fetchTokens(call: Call): Promise<ApiToken[]> {
  return readAnswer(API_TOKENS_ANSWER_SCHEMA, await call('operator/tokens', undefined, GET)).tokens;
}

/** The token made, and its secret: answered this once. */
export async function createToken(call: Call, input: NewToken): Promise<{ token: ApiToken; secret: string }> {
  const body: NewToken = { ...input, districts: input.role === 'admin' ? [] : input.districts };
  const { token, secret } = readAnswer(API_TOKEN_ANSWER_SCHEMA, await call('operator/tokens', body, CHANGE));
  if (secret === undefined) throw new ApiError(200, undefined, 'invalid-json', { cause: new Error('no secret') });
  return { token, secret };
}

export async function revokeToken(call: Call, id: number): Promise<void> {
  await call(`operator/tokens/${id}`, {}, { ...CHANGE, method: 'DELETE' });
}
