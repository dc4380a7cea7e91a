/** The timed requests of `npm run bench:service`: the month's figures, the open episodes and the month's CSV. */
import { median, percentile } from '../../stats';

const TOKEN_HEADER = (token: string) => ({ authorization: `Bearer ${token}` });

async function timed(url: string, token: string): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: TOKEN_HEADER(token) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 500)}`);
  return { ms: performance.now() - started, text };
}

/** The last whole Hong Kong month. */
export function lastMonth(nowMs = Date.now()): string {
  const hongKong = new Date(nowMs + 8 * 3600 * 1000);
  return new Date(Date.UTC(hongKong.getUTCFullYear(), hongKong.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

const round = (ms: number) => Math.round(ms);

/** One warm-up month report, then `rounds` of each request in turn; medians (p95 of the report) and the counts. */
export async function timeRequests(url: string, token: string, rounds: number) {
  const month = lastMonth();
  const monthUrl = `${url}/api/operator/service/month?month=${month}`;
  const openUrl = `${url}/api/operator/service/open`;
  const csvUrl = `${url}/api/operator/service/episodes.csv?month=${month}`;
  const first = await timed(monthUrl, token);
  const { figures } = JSON.parse(first.text) as { figures: { episodes: number; kept: number; broken: number } };
  const times = { month: [] as number[], open: [] as number[], csv: [] as number[] };
  let openEpisodes = 0;
  let csvRows = 0;
  for (let i = 0; i < rounds; i++) {
    times.month.push((await timed(monthUrl, token)).ms);
    const open = await timed(openUrl, token);
    times.open.push(open.ms);
    openEpisodes = (JSON.parse(open.text) as { episodes: unknown[] }).episodes.length;
    const csv = await timed(csvUrl, token);
    times.csv.push(csv.ms);
    csvRows = csv.text.trimEnd().split('\r\n').length - 1;
  }
  return {
    month,
    firstMonthMs: round(first.ms),
    monthMedianMs: round(median(times.month)),
    monthP95Ms: round(percentile(times.month, 95)),
    monthMaxMs: round(Math.max(...times.month)),
    openMedianMs: round(median(times.open)),
    csvMedianMs: round(median(times.csv)),
    episodes: figures.episodes,
    kept: figures.kept,
    broken: figures.broken,
    openEpisodes,
    csvRows,
  };
}
