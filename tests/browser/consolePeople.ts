// The console's people in the browser tests: accounts added with the built `user` command on the test server's
// database, as an operator adds them (`npm run user -- add`), and signing in through the login page.
import { spawn } from 'node:child_process';
import type { Page } from 'puppeteer-core';
import { builtServerFile } from '../../scripts/build/serverBuild';
import type { District } from '../../shared/machine';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import type { RunningServer } from '../../testkit/browser/harness';
import { aria, find } from './screen-helpers';

/** Every test person's password: long enough for the password policy. */
export const PASSWORD = 'a long browser-test passphrase';

export interface PersonOptions {
  districts?: readonly District[];
  mustChangePassword?: boolean;
}

/** `npm run user -- add NAME --role ROLE` on the server's database, the password on standard input. */
export function addPerson(
  server: RunningServer,
  name: string,
  role: 'admin' | 'operator' | 'viewer',
  options: PersonOptions = {},
): Promise<void> {
  const args = ['add', name, '--role', role];
  if (options.districts?.length) args.push('--districts', options.districts.join(','));
  if (options.mustChangePassword) args.push('--must-change-password');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtServerFile('user'), ...args], {
      env: { ...process.env, RVM_DB: server.dbPath },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(`${PASSWORD}\n`);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`user add ${name}: ${code}\n${output}`))));
  });
}

/** Types a name and a password into the login page and presses Sign in, as a person would. */
export async function signIn(
  page: Page,
  name: string,
  password = PASSWORD,
  t: Pick<typeof consoleEn.login, 'username' | 'password' | 'submit'> = consoleEn.login,
): Promise<void> {
  const username = await find(page, 'textbox', t.username);
  await username.click({ count: 3 });
  await username.type(name);
  const secret = await page.waitForSelector(`::-p-aria(${t.password})`, { visible: true });
  await secret!.click({ count: 3 });
  await secret!.type(password);
  await (await find(page, 'button', t.submit)).click();
}

/** Signs out through the console's menu button. */
export async function signOut(page: Page): Promise<void> {
  await (await page.waitForSelector(aria('button', consoleEn.console.signOut), { visible: true }))!.click();
  await page.waitForFunction(() => location.pathname === '/login');
}
