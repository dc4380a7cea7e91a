import { ApiError, type Call } from '../../api/client';
import {
  API_TOKEN_ANSWER_SCHEMA,
  API_TOKENS_ANSWER_SCHEMA,
  TOKEN_DEFAULT_DAYS,
  TOKEN_MAX_DAYS,
  type ApiToken,
  type NewToken,
} from '../../../shared/contract/apiToken';
import {
  PEOPLE_ANSWER_SCHEMA,
  PERSON_ANSWER_SCHEMA,
  type NewPerson,
  type Person,
  type PersonChange,
} from '../../../shared/contract/person';
import { readAnswer } from '../readAnswer';

/** The console's side of the people and token routes (server/routes/people.ts, apiTokens.ts). */

export { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, type ApiToken, type NewPerson, type NewToken, type Person };

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const CHANGE = { not_blocking: true, throw_error: true } as const;

export async function fetchPeople(call: Call): Promise<Person[]> {
  return readAnswer(PEOPLE_ANSWER_SCHEMA, await call('operator/people', undefined, GET)).people;
}

export async function fetchTokens(call: Call): Promise<ApiToken[]> {
  return readAnswer(API_TOKENS_ANSWER_SCHEMA, await call('operator/tokens', undefined, GET)).tokens;
}

/** A change's answer: the person as they are now, and a one-time password when the server made one. */
export interface PersonResult {
  person: Person;
  password: string | null;
}

function personResult(body: unknown): PersonResult {
  const { person, password } = readAnswer(PERSON_ANSWER_SCHEMA, body);
  return { person, password: password ?? null };
}

/** Adds a person; without `password` in `input`, the server makes a one-time password and answers it. */
export async function addPerson(call: Call, input: NewPerson): Promise<PersonResult> {
  const body: NewPerson = { ...input, districts: input.role === 'admin' ? [] : input.districts };
  return personResult(await call('operator/people', body, CHANGE));
}

export async function changePerson(call: Call, name: string, change: PersonChange): Promise<Person> {
  const path = `operator/people/${encodeURIComponent(name)}`;
  return personResult(await call(path, change, { ...CHANGE, method: 'PATCH' })).person;
}

export async function resetPassword(call: Call, name: string): Promise<PersonResult> {
  return personResult(await call(`operator/people/${encodeURIComponent(name)}/password`, {}, CHANGE));
}

/** Ends every lock wrong passwords put on the person's name; the person as they are now. */
export async function unlockPerson(call: Call, name: string): Promise<Person> {
  return personResult(await call(`operator/people/${encodeURIComponent(name)}/unlock`, {}, CHANGE)).person;
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
