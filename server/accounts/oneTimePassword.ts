import { randomInt } from 'node:crypto';

/** Lower-case letters and digits a person cannot misread for one another when they type them (no l, 1, o, 0, i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/**
 * A password an admin hands to a person who must replace it at their first sign-in (ASVS 2.3.1): four groups of five
 * characters from the system's CSPRNG, about 99 bits, e.g. `k7mpx-2qrt9-...`: easy to read out, never guessed.
 */
export function oneTimePassword(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}
