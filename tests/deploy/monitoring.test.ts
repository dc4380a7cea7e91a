import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedData, startFakeFeed, type FakeFeed } from '../server/fakeFeed';
import { ADMIN_TOKEN, makeTempDir, startMainServer, type MainServerProcess } from '../server/helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROMETHEUS_DIR = path.join(ROOT, 'deploy/prometheus');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/rvm-locator.json');
const run = promisify(execFile);

/** Debian's prometheus package (promtool with it); CI installs it (.ci/run). */
const PROMETHEUS = process.env.RVM_PROMETHEUS ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.RVM_PROMTOOL ?? '/usr/bin/promtool';

const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Panel {
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

/** Every PromQL expression of the dashboard, its Grafana variables given values Prometheus reads. */
function dashboardExpressions(): { title: string; expr: string }[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  return dashboard.panels
    .flatMap((panel) => [panel, ...(panel.panels ?? [])])
    .flatMap((panel) => (panel.targets ?? []).map(({ expr }) => ({ title: panel.title, expr })))
    .map(({ title, expr }) => ({
      title,
      expr: expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.+'),
    }));
}

/** The metric names an expression reads (names followed by `{`, the form every expression here uses). */
const metricNames = (expr: string): string[] => [...expr.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1]!);

describe('the Prometheus rules and the Grafana dashboard (deploy/)', () => {
  it('promtool check rules: every rule parses', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', path.join(PROMETHEUS_DIR, 'rules.yml')]);
    expect(stdout).toMatch(/SUCCESS: 11 rules found/);
  });

  it('promtool test rules: each alert fires on what should fire it, after its `for`, and on nothing else', async () => {
    const { stdout } = await run(PROMTOOL, ['test', 'rules', 'rules.test.yml'], { cwd: PROMETHEUS_DIR });
    expect(stdout).toMatch(/SUCCESS/);
    const rules = fs.readFileSync(path.join(PROMETHEUS_DIR, 'rules.yml'), 'utf8');
    const tests = fs.readFileSync(path.join(PROMETHEUS_DIR, 'rules.test.yml'), 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts).toHaveLength(11);
    for (const alert of alerts) expect(tests, `${alert} has a test`).toMatch(new RegExp(`alertname: ${alert}\\n`));
  });

  it("every query of the dashboard is PromQL that Prometheus's own parser takes", async () => {
    const expressions = dashboardExpressions();
    expect(expressions.length).toBeGreaterThan(15);
    // promtool parses rule files only: each query becomes a recording rule.
    const file = path.join(dir, 'dashboard-queries.yml');
    const rules = expressions.map(
      ({ expr }, i) => `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(expr)}`,
    );
    fs.writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
    const { stdout } = await run(PROMTOOL, ['check', 'rules', file]);
    expect(stdout).toContain(`SUCCESS: ${expressions.length} rules found`);
  });
});

/** A free port on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("Debian's Prometheus scraping the compiled server with the operator token", () => {
  let feed: FakeFeed;
  let server: MainServerProcess;
  let prometheus: ChildProcess;
  let prometheusLog = '';
  let api = '';

  beforeAll(async () => {
    // Following a feed, so that the feed's metrics are there too.
    feed = await startFakeFeed((await feedData()).rvms);
    server = await startMainServer(dir, {
      RVM_DB: path.join(dir, 'rvm.sqlite'),
      RVM_FILES: path.join(dir, 'files'),
      RVM_ADMIN_TOKEN: ADMIN_TOKEN,
      RVM_UPSTREAM_URL: feed.url,
    });
    // The example configuration of deploy/prometheus, with this server as its target and a 1 s interval.
    const config = fs
      .readFileSync(path.join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')
      .replace(/scrape_interval: 15s/, 'scrape_interval: 1s')
      .replace(/evaluation_interval: 15s/, 'evaluation_interval: 1s')
      .replace("targets: ['app1:8080', 'app2:8080']", `targets: ['127.0.0.1:${server.port}']`);
    expect(config).toContain(`127.0.0.1:${server.port}`);
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
    fs.copyFileSync(path.join(PROMETHEUS_DIR, 'rules.yml'), path.join(dir, 'rules.yml'));
    fs.writeFileSync(path.join(dir, 'rvm-admin-token'), ADMIN_TOKEN, { mode: 0o600 });
    const port = await freePort();
    api = `http://127.0.0.1:${port}/api/v1`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusLog += chunk.toString()));
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/-/ready`).then(
        (r) => r.status,
        () => 0,
      );
    const deadline = Date.now() + 20_000;
    while ((await ready()) !== 200) {
      if (Date.now() > deadline || prometheus.exitCode !== null)
        throw new Error(`Prometheus not ready: ${prometheusLog}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    await feed?.close();
  });

  const query = async (promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> => {
    const answer = (await (await fetch(`${api}/query?query=${encodeURIComponent(promql)}`)).json()) as {
      status: string;
      data: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    expect(answer.status, promql).toBe('success');
    return answer.data.result;
  };

  it('scrapes it: up is 1, the request counter and the build info are there', async () => {
    await expect
      .poll(async () => (await query('up{job="rvm-locator"}'))[0]?.value[1], { timeout: 15_000, interval: 250 })
      .toBe('1');
    // The scrapes themselves, answered 200 to the token: counted by the server, read back through Prometheus.
    await expect
      .poll(
        async () =>
          Number((await query('rvm_http_requests_total{route="/api/metrics", status_code="200"}'))[0]?.value[1] ?? 0),
        { timeout: 15_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    const [info] = await query('rvm_build_info');
    expect(info?.metric).toMatchObject({ job: 'rvm-locator', engine: 'sqlite', node: process.version });
    expect(info?.metric.commit).toMatch(/^[0-9a-f]{7}(\+changes)?$/);
    expect(prometheusLog).not.toMatch(/level=error/);
  });

  it('has every metric the rules and the dashboard read (PostgreSQL pool gauges aside), and the rules load', async () => {
    const rules = fs.readFileSync(path.join(PROMETHEUS_DIR, 'rules.yml'), 'utf8');
    const ruleExpressions = [...rules.matchAll(/expr: (?:>-\n)?([^\n]+(?:\n {10}[^\n]+)*)/g)].map((m) => m[1]!);
    const names = new Set(
      [...ruleExpressions, ...dashboardExpressions().map(({ expr }) => expr)]
        .flatMap(metricNames)
        .filter((name) => !name.startsWith('rvm_db_pool_')),
    );
    expect(names.size).toBeGreaterThan(15);
    // The feed's first poll and the list's first build may still be on their way.
    await expect
      .poll(
        async () => {
          const missing: string[] = [];
          for (const name of names) if ((await query(`count(${name})`)).length === 0) missing.push(name);
          return missing;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual([]);

    const answer = (await (await fetch(`${api}/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const loaded = answer.data.groups.flatMap((group) => group.rules);
    expect(loaded).toHaveLength(11);
    await expect
      .poll(async () => {
        const now = (await (await fetch(`${api}/rules`)).json()) as typeof answer;
        return now.data.groups.flatMap((group) => group.rules).filter((rule) => rule.health !== 'ok');
      })
      .toEqual([]);
    // Nothing is wrong with this server: no alert fires.
    expect(await query('ALERTS{alertstate="firing"}')).toEqual([]);
  });
});
