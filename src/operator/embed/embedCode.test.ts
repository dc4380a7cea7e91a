import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_CHOICES, EMBED_SANDBOX, embedUrl, hereProblem, hostScript, iframeCode } from './embedCode';

const MAP = 'https://rvm.example.gov.hk';

describe('the embed builder’s code', () => {
  it.each([
    [{}, `${MAP}/?locale=en`],
    [{ locale: 'zht', fontSize: 'md' }, `${MAP}/?locale=zht&fontSize=md`],
    [{ kiosk: true, fontSize: 'lg' }, `${MAP}/?locale=en&kiosk=1`],
    [{ kiosk: true, fontSize: 'sm' }, `${MAP}/?locale=en&fontSize=sm&kiosk=1`],
    [{ kiosk: true, fontSize: 'lg', here: ' 22.2819, 114.1581 ' }, `${MAP}/?locale=en&kiosk=1&here=22.2819%2C114.1581`],
    [{ kiosk: true, fontSize: 'lg', here: '114.1581,22.2819' }, `${MAP}/?locale=en&kiosk=1`],
    [{ kiosk: false, here: '22.2819,114.1581' }, `${MAP}/?locale=en`],
    [
      { status: 'full', area: 'HONG_KONG', district: 'WAN CHAI' },
      `${MAP}/?locale=en&status=full&area=HONG_KONG&district=WAN+CHAI`,
    ],
  ] as const)('makes the map’s address from %j', (choices, url) => {
    expect(embedUrl(MAP, { ...DEFAULT_EMBED_CHOICES, ...choices })).toBe(url);
  });

  it('says why a kiosk’s place cannot be read, and nothing for none or a good one', () => {
    expect(hereProblem('')).toBeNull();
    expect(hereProblem('22.2819,114.1581')).toBeNull();
    expect(hereProblem('114.1581,22.2819')).toMatch(/longitude first/);
    expect(hereProblem('here')).toMatch(/latitude,longitude/);
  });

  it('writes an iframe with its title, lazy, sandboxed, and allowed the location only when asked', () => {
    const code = iframeCode(MAP, DEFAULT_EMBED_CHOICES, 'Map "of" <machines> & more');
    expect(code).toContain(`src="${MAP}/?locale=en"`);
    expect(code).toContain('title="Map &quot;of&quot; &lt;machines&gt; &amp; more"');
    expect(code).toContain('loading="lazy"');
    expect(code).toContain(`sandbox="${EMBED_SANDBOX}"`);
    expect(code).not.toContain('geolocation');
    expect(iframeCode(MAP, { ...DEFAULT_EMBED_CHOICES, location: true }, 't')).toContain('allow="geolocation"');
    const url = iframeCode(MAP, { ...DEFAULT_EMBED_CHOICES, status: 'full', district: 'WAN CHAI' }, 't');
    expect(url).toContain('&amp;status=full');
  });

  it('writes a host script that checks the frame and the origin and sends the chosen settings on rvm:ready', () => {
    const script = hostScript(MAP, { ...DEFAULT_EMBED_CHOICES, locale: 'zhs', fontSize: 'lg' });
    expect(script).toContain(`const MAP_ORIGIN = "${MAP}";`);
    expect(script).toContain('event.source !== map.contentWindow || event.origin !== MAP_ORIGIN');
    expect(script).toContain("event.data.type === 'rvm:ready'");
    expect(script).toContain('postMessage({"locale":"zhs","fontSize":"lg"}, MAP_ORIGIN)');
    expect(script).not.toContain(", '*')");
    expect(hostScript('https://a</script>', DEFAULT_EMBED_CHOICES)).not.toContain('a</script>');
  });
});
