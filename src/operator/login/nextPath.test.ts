import { describe, expect, it } from 'vitest';
import { pathAfterSignIn } from './nextPath';

const ORIGIN = 'https://rvm.example.org';

describe('pathAfterSignIn', () => {
  it.each([
    ['?next=%2Foperator%2Fmachines%2FA-1', '/operator/machines/A-1'],
    ['?next=%2Foperator%2Faudit%3Fperson%3Dchan', '/operator/audit?person=chan'],
    ['?next=%2F', '/'],
    ['?locale=zht&next=%2Foperator', '/operator?locale=zht'],
    ['?locale=zht&next=%2Foperator%3Flocale%3Dzhs', '/operator?locale=zhs'],
  ])('goes back to the page of %s', (search, path) => {
    expect(pathAfterSignIn(search, ORIGIN)).toBe(path);
  });

  it.each([
    ['no next', ''],
    ['another site', '?next=https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative address', '?next=%2F%2Fevil.example%2Foperator'],
    ['a backslash address', '?next=%2F%5Cevil.example'],
    ['a script', '?next=javascript%3Aalert(1)'],
    ['a relative path', '?next=operator'],
    ['the login route itself', '?next=%2Flogin%3Fnext%3D%252Foperator'],
  ])('goes to the console for %s', (_name, search) => {
    expect(pathAfterSignIn(search, ORIGIN)).toBe('/operator');
  });
});
