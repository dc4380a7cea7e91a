import { ApiError, type Call } from '../../api/client';
import { DISTRICTS, type District } from '../../../shared/machine';
import { TOKEN_STATES, type TokenState } from '../../../shared/access';
import { ROLES, type Role } from '../session/session';
import { isRecord } from '../../../shared/isRecord';

/** A person as `GET /api/operator/people` answers them. */
export interface Person {
  name: string;
  role: Role;
  districts: District[];
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** Wrong passwords keep the name locked until then (from some address or browser, or for new ones); or null. */
  lockedUntil: string | null;
}

/** A named API token as `GET /api/operator/tokens` answers it: never its secret. */
export interface ApiToken {
  id: number;
  name: string;
  /** The secret's first characters, `rvm_` and 4 more. */
  hint: string;
  role: Role;
  districts: District[];
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: TokenState;
}

/** The longest a token may live, and its life when the admin does not say (the server's decision 0053). */
export const TOKEN_MAX_DAYS = 365;
export const TOKEN_DEFAULT_DAYS = 90;

const districtsOf = (value: unknown): District[] =>
  Array.isArray(value) ? value.filter((d): d is District => (DISTRICTS as readonly unknown[]).includes(d)) : [];
const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
const timeOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A person of an answer, or null when it is not one. */
export function parsePerson(value: unknown): Person | null {
  if (!isRecord(value) || typeof value.name !== 'string' || !isRole(value.role)) return null;
  return {
    name: value.name,
    role: value.role,
    districts: districtsOf(value.districts),
    disabled: value.disabled === true,
    mustChangePassword: value.mustChangePassword === true,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    lastSignInAt: timeOrNull(value.lastSignInAt),
    lockedUntil: timeOrNull(value.lockedUntil),
  };
}

export function parseToken(value: unknown): ApiToken | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string' || !isRole(value.role)) {
    return null;
  }
  const state = (TOKEN_STATES as readonly unknown[]).includes(value.state) ? (value.state as TokenState) : 'revoked';
  return {
    id: value.id,
    name: value.name,
    hint: typeof value.hint === 'string' ? value.hint : '',
    role: value.role,
    districts: districtsOf(value.districts),
    createdBy: typeof value.createdBy === 'string' ? value.createdBy : '',
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    expiresAt: typeof value.expiresAt === 'string' ? value.expiresAt : '',
    lastUsedAt: timeOrNull(value.lastUsedAt),
    revokedAt: timeOrNull(value.revokedAt),
    state,
  };
}

const listOf = <T>(value: unknown, parse: (item: unknown) => T | null): T[] =>
  Array.isArray(value) ? value.flatMap((item) => parse(item) ?? []) : [];

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const CHANGE = { not_blocking: true, throw_error: true } as const;

export async function fetchPeople(call: Call): Promise<Person[]> {
  const answer = await call<{ people?: unknown }>('operator/people', undefined, GET);
  return listOf(answer?.people, parsePerson);
}

export async function fetchTokens(call: Call): Promise<ApiToken[]> {
  const answer = await call<{ tokens?: unknown }>('operator/tokens', undefined, GET);
  return listOf(answer?.tokens, parseToken);
}

/** A change's answer: the person as they are now, and a one-time password when the server made one. */
export interface PersonResult {
  person: Person;
  password: string | null;
}

function personResult(answer: { person?: unknown; password?: unknown } | undefined): PersonResult {
  const person = parsePerson(answer?.person);
  if (!person) throw new ApiError(200, undefined, 'invalid-json');
  return { person, password: typeof answer?.password === 'string' ? answer.password : null };
}

export interface NewPerson {
  name: string;
  role: Role;
  districts: District[];
  /** A first password the admin chose; null: the server makes a one-time password. */
  password: string | null;
}

export async function addPerson(call: Call, input: NewPerson): Promise<PersonResult> {
  const { password, ...rest } = input;
  const body = { ...rest, districts: input.role === 'admin' ? [] : input.districts };
  return personResult(await call('operator/people', password === null ? body : { ...body, password }, CHANGE));
}

export async function changePerson(
  call: Call,
  name: string,
  change: { role?: Role; districts?: District[]; disabled?: boolean },
): Promise<Person> {
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

export interface NewToken {
  name: string;
  role: Role;
  districts: District[];
  expiresInDays: number;
}

/** The token made, and its secret: answered this once. */
export async function createToken(call: Call, input: NewToken): Promise<{ token: ApiToken; secret: string }> {
  const body = { ...input, districts: input.role === 'admin' ? [] : input.districts };
  const answer = await call<{ token?: unknown; secret?: unknown }>('operator/tokens', body, CHANGE);
  const token = parseToken(answer?.token);
  if (!token || typeof answer?.secret !== 'string') throw new ApiError(200, undefined, 'invalid-json');
  return { token, secret: answer.secret };
}

export async function revokeToken(call: Call, id: number): Promise<void> {
  await call(`operator/tokens/${id}`, {}, { ...CHANGE, method: 'DELETE' });
}
