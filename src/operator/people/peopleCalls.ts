import type { Call } from '../../api/client';
import {
  PEOPLE_ANSWER_SCHEMA,
  PERSON_ANSWER_SCHEMA,
  type NewPerson,
  type Person,
  type PersonChange,
} from '../../../shared/contract/person';
import { readAnswer } from '../readAnswer';

/** The console's side of the people routes (server/routes/people.ts). */

export type { NewPerson, Person };

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const CHANGE = { not_blocking: true, throw_error: true } as const;

export async function fetchPeople(call: Call): Promise<Person[]> {
  return readAnswer(PEOPLE_ANSWER_SCHEMA, await call('operator/people', undefined, GET)).people;
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
