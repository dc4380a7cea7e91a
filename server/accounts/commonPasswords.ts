import { PASSWORD_MIN_LENGTH } from './password';

let loading: Promise<ReadonlySet<string>> | null = null;

/**
 * The common passwords a person could still choose under the length rule (OWASP ASVS 5.0 6.2.4): those of 12 or
 * more characters among zxcvbn-ts's 49,233 most common (308 of them), in lower case. The list is read on first use
 * (about 0.2 s), not at start.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((password) => [...password].length >= PASSWORD_MIN_LENGTH)),
  );
  return loading;
}
