/**
 * Does a sign-in's answer time tell an unknown name from a wrong password? (issue 50): `npm run bench:sign-in`
 * (SIGN_IN_SAMPLES per kind, default 300). The real server on a fresh SQLite database with one account; sign-ins with
 * an unknown name and with the account's name and a wrong password, in a shuffled order, one at a time, each timed
 * from the request to the whole answer. Each comes from an address of its own (X-Forwarded-For, from a trusted
 * loopback proxy) so that no address is locked, and a right password every third wrong one clears the account's
 * count so that it is never locked either: what is measured is the refusal itself. Writes
 * bench/results/<date>-sign-in-timing.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { median, percentile } from '../stats';
import { emptyServerEnv, startServerProcess } from './serverProcess';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLES = Number(process.env.SIGN_IN_SAMPLES ?? 300);
const WARM_UP = 20;
const NAME = 'timing.account';
const PASSWORD = 'the right passphrase';
const SERVER_START_TIMEOUT_MS = 120_000;

const dir = mkdtempSync(path.join(tmpdir(), 'rvm-sign-in-timing-'));
const env = emptyServerEnv(dir, { RVM_TRUST_PROXY: 'loopback' });

function addAccount(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/user.ts', 'add', NAME, '--role', 'viewer'], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.stdin.end(`${PASSWORD}\n`);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`user add exited ${code}`)))),
  );
}

let address = 0;
/** 10.x.y.z, a new one each call. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function signIn(base: string, name: string, password: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ name, password }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

type Kind = 'unknownName' | 'wrongPassword';

/** Every sample's kind, SAMPLES of each, in an order a systematic drift cannot line up with. */
function shuffledKinds(): Kind[] {
  const kinds: Kind[] = [...Array<Kind>(SAMPLES).fill('unknownName'), ...Array<Kind>(SAMPLES).fill('wrongPassword')];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds;
}

const round = (value: number) => Math.round(value * 100) / 100;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const variance = (values: readonly number[]) => {
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
};
const describe = (ms: number[]) => ({
  samples: ms.length,
  medianMs: round(median(ms)),
  meanMs: round(mean(ms)),
  p10Ms: round(percentile(ms, 10)),
  p90Ms: round(percentile(ms, 90)),
});

async function main() {
  mkdirSync(env.RVM_FILES, { recursive: true });
  await addAccount();
  const { url, child } = await startServerProcess(env, SERVER_START_TIMEOUT_MS);
  try {
    let wrongSinceRight = 0;
    const refused = async (kind: Kind) => {
      const result = await (kind === 'unknownName'
        ? signIn(url, `no.such.${nextAddress()}`, PASSWORD)
        : signIn(url, NAME, 'a wrong passphrase'));
      if (result.status !== 401) throw new Error(`a ${kind} sign-in answered ${result.status}, not 401`);
      if (kind === 'wrongPassword' && ++wrongSinceRight === 3) {
        wrongSinceRight = 0;
        const right = await signIn(url, NAME, PASSWORD);
        if (right.status !== 200) throw new Error(`the right password answered ${right.status}`);
      }
      return result.ms;
    };
    for (let i = 0; i < WARM_UP; i++) await refused(i % 2 ? 'unknownName' : 'wrongPassword');
    const ms: Record<Kind, number[]> = { unknownName: [], wrongPassword: [] };
    for (const kind of shuffledKinds()) ms[kind].push(await refused(kind));

    const unknown = describe(ms.unknownName);
    const wrong = describe(ms.wrongPassword);
    // Welch's 95% interval for the difference of the means.
    const diff = mean(ms.wrongPassword) - mean(ms.unknownName);
    const spread = 1.96 * Math.sqrt(variance(ms.wrongPassword) / SAMPLES + variance(ms.unknownName) / SAMPLES);
    const result = {
      at: new Date().toISOString(),
      cpus: cpus().length,
      loadAverage: loadavg().map(round),
      unknownName: unknown,
      wrongPassword: wrong,
      medianDifferenceMs: round(wrong.medianMs - unknown.medianMs),
      meanDifferenceMs: round(diff),
      meanDifference95Ms: [round(diff - spread), round(diff + spread)],
    };
    const file = path.join(ROOT, 'bench/results', `${result.at.slice(0, 10)}-sign-in-timing.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    console.log(`written to ${path.relative(ROOT, file)}`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
