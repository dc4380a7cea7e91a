import { describe, expect, it } from 'vitest';
import { displayStateOf } from './displayState';
import { parseMachine, parseMachineList, type RejectReason } from './parseMachines';
import { machineText } from './text';
import { filterMachines, NO_FILTER } from '../../testkit/reference/referenceFilter';
import { NO_FEED_FIELDS } from '../../tests/fixtures/noFeedFields';

/** One row as the server sends it; every test changes only what it is about. */
function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'RVM-1',
    coordinates: [22.3193, 114.1694],
    area: 'KOWLOON',
    district: 'YAU TSIM MONG',
    status: '>40%',
    under_maintenance: false,
    service_status: 0,
    name_en: 'Mong Kok Stadium',
    name_zht: '旺角大球場',
    name_zhs: '旺角大球场',
    address_en: '37 Flower Market Road',
    address_zht: '花墟道37號',
    address_zhs: '花墟道37号',
    service_hour_en: 'Mon-Sun 07:00-23:00',
    service_hour_zht: '星期一至日 07:00-23:00',
    service_hour_zhs: '星期一至日 07:00-23:00',
    picture: { id: 'a'.repeat(64) },
    thumbnail: `/api/file/${'a'.repeat(64)}`,
    ...overrides,
  };
}

const without = (key: string): Record<string, unknown> => {
  const copy = row();
  delete copy[key];
  return copy;
};

describe('parseMachine: rows left off the map, with their reason', () => {
  it.each<{ name: string; input: unknown; reason: RejectReason }>([
    { name: 'null', input: null, reason: 'not-an-object' },
    { name: 'a string', input: 'RVM-1', reason: 'not-an-object' },
    { name: 'a number', input: 42, reason: 'not-an-object' },
    { name: 'an array', input: [row()], reason: 'not-an-object' },
    { name: 'missing id', input: without('id'), reason: 'bad-id' },
    { name: 'empty id', input: row({ id: '' }), reason: 'bad-id' },
    { name: 'blank id', input: row({ id: '   ' }), reason: 'bad-id' },
    { name: 'null id', input: row({ id: null }), reason: 'bad-id' },
    { name: 'object id', input: row({ id: { value: 1 } }), reason: 'bad-id' },
    { name: 'boolean id', input: row({ id: true }), reason: 'bad-id' },
    { name: 'NaN id', input: row({ id: NaN }), reason: 'bad-id' },
    { name: '101-character id', input: row({ id: 'x'.repeat(101) }), reason: 'bad-id' },
    { name: 'missing coordinates', input: without('coordinates'), reason: 'bad-coordinates' },
    { name: 'null coordinates', input: row({ coordinates: null }), reason: 'bad-coordinates' },
    {
      name: 'coordinates as an object',
      input: row({ coordinates: { lat: 22.3, lng: 114.1 } }),
      reason: 'bad-coordinates',
    },
    { name: 'coordinates as a string', input: row({ coordinates: '22.3,114.1' }), reason: 'bad-coordinates' },
    { name: 'one coordinate', input: row({ coordinates: [22.3] }), reason: 'bad-coordinates' },
    { name: 'three coordinates', input: row({ coordinates: [22.3, 114.1, 0] }), reason: 'bad-coordinates' },
    { name: 'non-numeric strings', input: row({ coordinates: ['north', 'east'] }), reason: 'bad-coordinates' },
    { name: 'empty strings', input: row({ coordinates: ['', ''] }), reason: 'bad-coordinates' },
    { name: 'null in coordinates', input: row({ coordinates: [null, 114.1] }), reason: 'bad-coordinates' },
    { name: 'booleans', input: row({ coordinates: [true, false] }), reason: 'bad-coordinates' },
    { name: 'nested arrays', input: row({ coordinates: [[22.3], [114.1]] }), reason: 'bad-coordinates' },
    { name: 'NaN', input: row({ coordinates: [NaN, 114.1] }), reason: 'bad-coordinates' },
    { name: 'Infinity', input: row({ coordinates: [22.3, Infinity] }), reason: 'bad-coordinates' },
    { name: 'London', input: row({ coordinates: [51.5074, -0.1278] }), reason: 'outside-map' },
    { name: '0, 0', input: row({ coordinates: [0, 0] }), reason: 'outside-map' },
    { name: 'Macau', input: row({ coordinates: [22.1987, 113.5439] }), reason: 'outside-map' },
    { name: 'just south of the map box', input: row({ coordinates: [22.13, 114.1694] }), reason: 'outside-map' },
    {
      name: 'latitude and longitude swapped',
      input: row({ coordinates: [114.1694, 22.3193] }),
      reason: 'swapped-coordinates',
    },
    {
      name: 'swapped, as strings',
      input: row({ coordinates: ['114.1694', '22.3193'] }),
      reason: 'swapped-coordinates',
    },
  ])('$name → $reason', ({ input, reason }) => {
    expect(parseMachine(input)).toBe(reason);
  });
});

describe('parseMachine: rows kept, with what cannot be trusted made safe', () => {
  it('keeps a good row as it came', () => {
    expect(parseMachine(row())).toEqual({
      ...row(),
      coordinates: [22.3193, 114.1694],
      opening_hours: null,
      // The feed's optional fields (issue 9), unknown here.
      ...NO_FEED_FIELDS,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['numeric id', { id: 7 }, { id: '7' }],
    ['numeric-string coordinates', { coordinates: [' 22.3 ', '114.2'] }, { coordinates: [22.3, 114.2] }],
    ['a map-box corner', { coordinates: [22.1333, 113.8167] }, { coordinates: [22.1333, 113.8167] }],
    ['unknown status', { status: 'Empty' }, { status: null }],
    ['status in other case', { status: 'full' }, { status: null }],
    ['missing status', { status: undefined }, { status: null }],
    ['unknown district, known area', { district: 'ATLANTIS' }, { district: null, area: 'KOWLOON' }],
    ['unknown area and district', { area: 'MARS', district: 'OLYMPUS' }, { area: null, district: null }],
    ['area that contradicts the district', { area: 'HONG_KONG', district: 'SHA TIN' }, { area: 'NEW_TERRITORIES' }],
    ['unknown area, known district', { area: 42, district: 'WAN CHAI' }, { area: 'HONG_KONG' }],
    ['under_maintenance as 1', { under_maintenance: 1 }, { under_maintenance: true }],
    ['under_maintenance as "true"', { under_maintenance: 'true' }, { under_maintenance: true }],
    ['under_maintenance as "false"', { under_maintenance: 'false' }, { under_maintenance: false }],
    ['under_maintenance missing', { under_maintenance: undefined }, { under_maintenance: false }],
    ['service_status as "1"', { service_status: '1' }, { service_status: 1 }],
    ['service_status as an object', { service_status: { valueOf: 'x', toString: 'y' } }, { service_status: 0 }],
    ['service_status as an array', { service_status: [1] }, { service_status: 0 }],
    ['service_status as text', { service_status: 'closed' }, { service_status: 0 }],
    ['empty picture id', { picture: { id: '' } }, { picture: null }],
    ['numeric picture id', { picture: { id: 5 } }, { picture: null }],
    ['picture as a string', { picture: 'photo.png' }, { picture: null }],
    ['javascript: thumbnail', { thumbnail: 'javascript:alert(1)' }, { thumbnail: null }],
    ['data: thumbnail', { thumbnail: 'data:image/svg+xml,<svg onload=alert(1)>' }, { thumbnail: null }],
    ['protocol-relative thumbnail', { thumbnail: '//evil.example/x.png' }, { thumbnail: null }],
    ['https thumbnail', { thumbnail: 'https://example.org/x.png' }, { thumbnail: 'https://example.org/x.png' }],
  ])('%s', (_name, overrides, expected) => {
    expect(parseMachine(row(overrides))).toMatchObject(expected);
  });

  it('shows an unknown status as maintenance and lets only "All" match an unknown area', () => {
    const machine = parseMachine(row({ status: 'Empty', area: 'MARS', district: 'OLYMPUS' }));
    if (typeof machine === 'string') throw new Error(machine);
    expect(displayStateOf(machine)).toBe('maintenance');
    expect(filterMachines([machine], [''], NO_FILTER)).toEqual([machine]);
    expect(filterMachines([machine], [''], { ...NO_FILTER, area: 'KOWLOON' })).toEqual([]);
    expect(filterMachines([machine], [''], { ...NO_FILTER, statusGroup: 'full' })).toEqual([]);
  });

  it('turns missing or non-text language fields into "" and falls back to English, then to the id', () => {
    const machine = parseMachine(
      row({ name_zht: undefined, name_zhs: 12, address_zht: { text: 'x' }, address_zhs: null, address_en: ['x'] }),
    );
    if (typeof machine === 'string') throw new Error(machine);
    expect(machine).toMatchObject({ name_zht: '', name_zhs: '', address_zht: '', address_zhs: '', address_en: '' });
    expect(machineText(machine, 'name', 'zht')).toBe('Mong Kok Stadium');
    expect(machineText(machine, 'address', 'zhs')).toBe('');

    const nameless = parseMachine(row({ name_en: undefined, name_zht: undefined, name_zhs: undefined }));
    if (typeof nameless === 'string') throw new Error(nameless);
    expect(machineText(nameless, 'name', 'zhs')).toBe('RVM-1');
  });

  it('keeps HTML in a name as literal text (React shows it escaped)', () => {
    const html = '<img src=x onerror=alert(1)><b>Bold</b>';
    expect(parseMachine(row({ name_en: html, address_en: '<script>alert(2)</script>' }))).toMatchObject({
      name_en: html,
      address_en: '<script>alert(2)</script>',
    });
  });

  it('trims text and caps it at 500 characters without splitting a surrogate pair', () => {
    const machine = parseMachine(
      row({ name_en: '  Padded  ', address_en: `${'a'.repeat(499)}😀 tail`, name_zht: '字'.repeat(5000) }),
    );
    if (typeof machine === 'string') throw new Error(machine);
    expect(machine.name_en).toBe('Padded');
    expect(machine.address_en).toBe('a'.repeat(499));
    expect(machine.name_zht).toHaveLength(500);
  });

  it('leaves no space at the end of a text cut at 500 characters, so reading it again changes nothing', () => {
    const machine = parseMachine(row({ address_en: `${'a'.repeat(498)}  tail` }));
    if (typeof machine === 'string') throw new Error(machine);
    expect(machine.address_en).toBe('a'.repeat(498));
    expect(parseMachine(machine)).toEqual(machine);
  });
});

describe('parseMachineList: the whole answer', () => {
  it.each<[string, unknown]>([
    ['success: false', { success: false, rvms: [row()] }],
    ['success as a string', { success: 'true', rvms: [row()] }],
    ['no success field', { rvms: [row()] }],
    ['rvms as an object', { success: true, rvms: { 0: row() } }],
    ['rvms as a string', { success: true, rvms: '[]' }],
    ['rvms null', { success: true, rvms: null }],
    ['no rvms', { success: true }],
    ['null body', null],
    ['undefined body', undefined],
    ['a string body', '{"success":true,"rvms":[]}'],
    ['an array body', [row()]],
  ])('%s: nothing loads', (_name, body) => {
    expect(parseMachineList(body)).toEqual({ ok: false, machines: [], rejected: [] });
  });

  it('an empty list loads as an empty list', () => {
    expect(parseMachineList({ success: true, rvms: [] })).toEqual({ ok: true, machines: [], rejected: [] });
  });

  it('keeps the good rows in order and lists each bad one once with its index and reason', () => {
    const parsed = parseMachineList({
      success: true,
      rvms: [
        row({ id: 'A' }),
        row({ id: 'B', coordinates: [114.17, 22.32] }),
        null,
        row({ id: 'C' }),
        row({ id: 'A', name_en: 'second A' }),
        row({ id: 7 }),
        row({ id: '7' }),
        row({ id: 'D', coordinates: [51.5, -0.12] }),
      ],
    });
    expect(parsed.ok).toBe(true);
    expect(parsed.machines.map((m) => m.id)).toEqual(['A', 'C', '7']);
    expect(parsed.machines[0]?.name_en).toBe('Mong Kok Stadium');
    expect(parsed.rejected).toEqual([
      { index: 1, reason: 'swapped-coordinates' },
      { index: 2, reason: 'not-an-object' },
      { index: 4, reason: 'duplicate-id' },
      { index: 6, reason: 'duplicate-id' },
      { index: 7, reason: 'outside-map' },
    ]);
  });

  it('parses 50 000 machines, a tenth of them bad, in linear time', () => {
    const rvms = Array.from({ length: 50_000 }, (_, i) =>
      row({ id: `RVM-${i}`, coordinates: i % 10 === 0 ? [0, 0] : [22.2 + (i % 300) / 1000, 114 + (i % 400) / 1000] }),
    );
    const started = performance.now();
    const parsed = parseMachineList({ success: true, rvms });
    const elapsedMs = performance.now() - started;
    expect(parsed.machines).toHaveLength(45_000);
    expect(parsed.rejected).toHaveLength(5_000);
    // Typically 200-400 ms. The bound is loose for a busy 2-core machine, yet far below what a
    // quadratic step (e.g. a duplicate check by scanning, ~10^9 comparisons here) would take.
    expect(elapsedMs).toBeLessThan(5_000);
  }, 30_000);
});

describe('parseMachine: the feed’s extra fields (issue 9)', () => {
  it('reads bin counts, deactivated and the three timestamps, normalised to UTC ISO 8601', () => {
    const machine = parseMachine(
      row({
        bin_count: 3,
        bin_count_full_threshold: '2',
        deactivated: true,
        last_online: '2026-11-23T14:05:00+08:00',
        last_emptied_at: '2026-11-22T09:30:00Z',
        last_full: '2026-11-23 12:00:00',
      }),
    );
    expect(machine).toMatchObject({
      bin_count: 3,
      bin_count_full_threshold: 2,
      deactivated: true,
      last_online: '2026-11-23T06:05:00.000Z',
      last_emptied_at: '2026-11-22T09:30:00.000Z',
      last_full: '2026-11-23T04:00:00.000Z',
    });
  });

  it('treats absent or bad values as unknown, never as a reason to leave the machine off', () => {
    const machine = parseMachine(
      row({
        bin_count: -1,
        bin_count_full_threshold: 2.5,
        deactivated: 'no',
        last_online: 'an hour ago',
        last_full: 12,
        last_emptied_at: {},
      }),
    );
    expect(machine).toMatchObject({
      bin_count: null,
      bin_count_full_threshold: null,
      deactivated: false,
      last_online: null,
      last_emptied_at: null,
      last_full: null,
    });
    expect(parseMachine(row())).toMatchObject({ deactivated: false, last_online: null, bin_count: null });
  });

  it('passes unknown fields through untouched, but never lets the feed mark a machine stale', () => {
    const operator = { name: 'Green Co', since: 2021 };
    const machine = parseMachine(row({ operator, qr_code: 'ABC', stale: true })) as unknown as Record<string, unknown>;
    expect(machine.operator).toBe(operator);
    expect(machine.qr_code).toBe('ABC');
    expect(machine.stale).toBeUndefined();
  });

  it('does not let a __proto__ key change the machine’s prototype', () => {
    const machine = parseMachine(JSON.parse(JSON.stringify(row()).replace('{', '{"__proto__":{"polluted":true},')));
    expect(Object.getPrototypeOf(machine)).toBe(Object.prototype);
    expect((machine as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});
