import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Frame, type Page, type HTTPRequest } from 'puppeteer-core';
import { builtServerFile } from '../../scripts/build/serverBuild';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Where tests write screenshots; a fresh clone has no such folder. */
export const ARTIFACTS = join(ROOT, 'tests/.artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
export const ADMIN_TOKEN = 'test-admin-token';
const TILE_HOST = 'mapapi.geodata.gov.hk';
const TILE = readFileSync(join(ROOT, 'testkit/fixtures/tile.png'));
const LABEL_TILE = readFileSync(join(ROOT, 'testkit/fixtures/label-tile.png'));

/** What a test run counts per file (tests/support/costCounter.ts): each page load and each server started. */
export type CostKind = 'page' | 'server';
let costListener: ((kind: CostKind) => void) | undefined;
export function listenToCosts(listener: (kind: CostKind) => void): void {
  costListener = listener;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  dbPath: string;
  stop: () => Promise<void>;
}

/** The real server, compiled (dist-server/), on a free port with a temporary database, serving the built page. */
/** The built page the tests run against: dist/, or RVM_TEST_STATIC (a private build, e.g. `vite build --outDir`). */
export const STATIC_DIR = resolve(ROOT, process.env.RVM_TEST_STATIC ?? 'dist');

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(STATIC_DIR, 'index.html')))
    throw new Error(`${STATIC_DIR} has no build: run \`npm run build\` first`);
  costListener?.('server');
  const dataDir = mkdtempSync(join(tmpdir(), 'rvm-browser-'));
  const dbPath = join(dataDir, 'rvm.sqlite');
  const child = spawn(process.execPath, [builtServerFile('main')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      RVM_DB: dbPath,
      RVM_FILES: join(dataDir, 'files'),
      RVM_STATIC: STATIC_DIR,
      RVM_ADMIN_TOKEN: ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForUrl(child);
  return {
    url,
    dataDir,
    dbPath,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+?)\/?\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${signal ?? code}:\n${output}`));
    });
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Pages rasterised by Skia on the CPU rather than through SwiftShader: the same pixels, a quarter less GPU-process time.
  '--disable-gpu-rasterization',
];

/**
 * In software WebGL a page drawing very many markers can hold its main thread for minutes; each test's own timeouts
 * bound the wait, not the protocol's 3-minute default.
 */
export const BROWSER_PROTOCOL_TIMEOUT_MS = 900_000;

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    protocolTimeout: BROWSER_PROTOCOL_TIMEOUT_MS,
  });
}

export type TileMode = 'fixture' | 'fail';

export interface OpenedPage {
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  /** Every request the page made to the API: method, path and body. */
  apiCalls: { method: string; path: string; body: string | undefined }[];
  tileRequests: string[];
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export type Viewport = typeof DESKTOP | typeof MOBILE;

export interface OpenPageOptions {
  viewport?: Viewport;
  /** false leaves the map out (src/testHooks.ts `mapOffForTests`), for pages whose tests never look at it. */
  map?: boolean;
  tiles?: TileMode;
  holdApi?: ApiHold;
  apiOverride?: ApiOverride;
  /**
   * Requests to the page's own server whose path matches fail as a dropped connection would. The page then
   * bypasses the service worker, as on a first visit: a file it has precached would not fail.
   */
  failPaths?: RegExp;
  /**
   * true keeps the page's motion (camera flights, tile fades, dialogs sliding in); by default the page runs as for a
   * visitor whose system asks for less motion, which draws far fewer frames in software WebGL (docs/testing.md).
   */
  motion?: boolean;
  /** Runs after the page exists and before it loads, e.g. to add listeners or `evaluateOnNewDocument`. */
  beforeLoad?: (page: Page) => Promise<void> | void;
}

/** Turns on the page's test hooks (src/testHooks.ts: where the map is, when it is ready) in every frame it loads. */
export async function enableTestHooks(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    window.__RVM_TEST_HOOKS__ = true;
  });
}

/** A visitor whose system asks for less motion. A page's media features are set as one list: keep it in any list. */
export const REDUCED_MOTION = { name: 'prefers-reduced-motion', value: 'reduce' };

/** The page runs as for a visitor whose system asks for less motion (`prefers-reduced-motion: reduce`). */
export function reduceMotion(page: Page): Promise<void> {
  return page.emulateMediaFeatures([REDUCED_MOTION]);
}

/** The page, and the app in any frame it loads, leave the map out: see src/testHooks.ts `mapOffForTests`. */
export async function leaveMapOut(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    window.__RVM_TEST_MAP_OFF__ = true;
  });
}

/**
 * A page whose outside requests never leave the machine: tiles come from a fixture (or fail), the rest is refused.
 * The page's service worker (src/offline/sw.ts) answers the build's own files only, never the API or the tiles,
 * so their interception here works with it; the files it answers do not pass through here.
 */
export async function openPage(
  browser: Browser | BrowserContext,
  url: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const page = await browser.newPage();
  await page.setViewport(options.viewport ?? DESKTOP);
  await enableTestHooks(page);
  if (options.map === false) await leaveMapOut(page);
  if (!options.motion) await reduceMotion(page);
  await options.beforeLoad?.(page);
  const opened: OpenedPage = { page, errors: [], apiCalls: [], tileRequests: [] };
  page.on('load', () => costListener?.('page'));
  page.on('pageerror', (e) => opened.errors.push(String(e)));
  page.on('console', (m) => {
    // Failed tile loads are expected in the offline tests; they are counted in tileRequests instead.
    if (m.type() === 'error' && !m.text().includes(TILE_HOST) && !/ERR_(FAILED|CONNECTION_REFUSED)/.test(m.text())) {
      opened.errors.push(m.text());
    }
  });
  if (options.failPaths) await page.setBypassServiceWorker(true);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (options.holdApi?.takes(request)) {
      opened.apiCalls.push({
        method: request.method(),
        path: new URL(request.url()).pathname,
        body: request.postData(),
      });
      return;
    }
    if (options.failPaths?.test(new URL(request.url()).pathname)) return void request.abort('connectionrefused');
    void route(request, opened, options.tiles ?? 'fixture', options.apiOverride);
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return opened;
}

async function route(request: HTTPRequest, opened: OpenedPage, tiles: TileMode, apiOverride?: ApiOverride) {
  const target = new URL(request.url());
  if (target.hostname === TILE_HOST) {
    opened.tileRequests.push(request.url());
    if (tiles === 'fail') return request.abort('connectionrefused');
    const body = target.pathname.includes('/label/') ? LABEL_TILE : TILE;
    return request.respond({
      status: 200,
      contentType: 'image/png',
      body,
      headers: { 'Access-Control-Allow-Origin': '*' },
    });
  }
  if (target.protocol === 'data:' || target.protocol === 'blob:') return request.continue();
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') return request.abort('blockedbyclient');
  if (target.pathname.startsWith('/api/')) {
    const call = { method: request.method(), path: target.pathname, body: request.postData() };
    opened.apiCalls.push(call);
    const answer = apiOverride?.(call);
    if (answer !== undefined) return answerApi(request, await answer);
  }
  return request.continue();
}

/** An API request as an `apiOverride` sees it. */
export interface ApiRequest {
  method: string;
  path: string;
  body: string | undefined;
}

/** A test's own answer to an API request: a response or a refused connection. */
export type ApiAnswer = { status: number; body: unknown; contentType?: string } | 'refuse';

/**
 * Answers API requests instead of the server (every one, not only the first); undefined lets the server answer.
 * A promise answers when it settles, so one that never settles keeps the call pending.
 */
export type ApiOverride = (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer> | undefined;

function answerApi(request: HTTPRequest, answer: ApiAnswer) {
  if (answer === 'refuse') return request.abort('connectionrefused');
  const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  return request.respond({
    status: answer.status,
    contentType: answer.contentType ?? 'application/json; charset=utf-8',
    body,
  });
}

/** API calls held back until the test answers them: to see what the page shows while one is pending, or fails. */
export interface ApiHold {
  /** Resolves when a call is being held. */
  arrived: () => Promise<void>;
  /** Lets the oldest held call through to the real server. */
  release: () => void;
  /** Answers the oldest held call instead, with this status and JSON body. */
  answer: (status: number, body: unknown) => void;
  /** For openPage: claims a request to the path while fewer than `times` were claimed. */
  takes: (request: HTTPRequest) => boolean;
}

/** Holds the first `times` requests to `path` (e.g. '/api/rvm/'); pass it to openPage as `holdApi`. */
export function holdApi(path: string, times = 1): ApiHold {
  const held: HTTPRequest[] = [];
  let waiters: (() => void)[] = [];
  let claimed = 0;
  const oldest = (): HTTPRequest => {
    const request = held.shift();
    if (!request) throw new Error(`no request to ${path} is held`);
    return request;
  };
  return {
    arrived: () => (held.length > 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
    release: () => void oldest().continue(),
    answer: (status, body) =>
      void oldest().respond({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    takes: (request) => {
      if (claimed >= times || new URL(request.url()).pathname !== path) return false;
      claimed += 1;
      held.push(request);
      for (const wake of waiters) wake();
      waiters = [];
      return true;
    },
  };
}

/** Waits until the page (or the app in a frame) says the map drew its first frame with the machines. */
export async function waitForMapReady(where: Page | Frame, timeout = 60_000): Promise<void> {
  await where.waitForFunction(() => document.documentElement.dataset.mapReady === 'true', { timeout });
}

/** Visible text of the page body. */
export function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}
