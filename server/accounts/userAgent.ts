/**
 * A browser's User-Agent header in a few words, e.g. "Firefox 133 · Windows": enough for a person to tell their own
 * sessions apart, and all the server keeps of the header (decision 0055). '' when neither part is recognized.
 */

/** Browsers in the order they must be tried: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/** At most this long, whatever comes in: what the database column allows. */
export const AGENT_MAX_LENGTH = 120;

export function agentSummary(header: string | undefined): string {
  if (!header) return '';
  const ua = header.slice(0, 1024);
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(ua)?.[1];
    return version === undefined ? null : `${name} ${version}`;
  }).find((found) => found !== null);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  return [browser, system].filter(Boolean).join(' · ').slice(0, AGENT_MAX_LENGTH);
}
