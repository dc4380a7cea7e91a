import { describe, expect, it } from 'vitest';
import { isLocalhostName, parseIp, parseNetwork, refusalOf, type Network } from './receiverAddress';

/** The host of a webhook URL as the server reads it: WHATWG URL parsing turns 127.1 or 0x7f000001 into 127.0.0.1. */
const hostOf = (url: string): string => new URL(url).hostname;
const networks = (...texts: string[]): Network[] => texts.map((text) => parseNetwork(text)!);

describe('refusalOf', () => {
  it.each([
    // The red team's spellings of this host, each one the loopback once parsed.
    ['http://127.0.0.1:22/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://127.000.000.001/', 'loopback'],
    ['http://①②⑦.0.0.1/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'], // NAT64
    ['http://[2002:7f00:1::]/', 'loopback'], // 6to4
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://10.1.2.3/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://[::ffff:192.168.1.1]/', 'private'],
    ['http://[fd12:3456::1]/', 'private'],
    ['http://[fc00::1]/', 'private'],
    ['http://100.64.0.1/', 'shared (CGNAT)'],
    ['http://100.127.255.254/', 'shared (CGNAT)'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://198.19.255.1/', 'benchmarking'],
    ['http://[2001:2::1]/', 'benchmarking'],
    ['http://192.0.2.10/', 'documentation'],
    ['http://198.51.100.7/', 'documentation'],
    ['http://203.0.113.9/', 'documentation'],
    ['http://[2001:db8::1]/', 'documentation'],
    ['http://[3fff::1]/', 'documentation'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://239.255.255.250/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://192.0.0.8/', 'reserved'],
    ['http://[2001::1]/', 'reserved'], // Teredo
    ['http://[::7f00:1]/', 'reserved'], // IPv4-compatible, deprecated
    ['http://[100::1]/', 'reserved'], // discard-only
    ['http://[64:ff9b:1::1]/', 'reserved'], // local-use NAT64
  ])('refuses %s as %s', (url, kind) => {
    expect(refusalOf(hostOf(url))).toBe(kind);
  });

  it.each([
    'http://93.184.216.34/',
    'http://8.8.8.8/',
    'http://172.32.0.1/', // just past 172.16.0.0/12
    'http://100.128.0.1/', // just past 100.64.0.0/10
    'http://169.255.0.1/',
    'http://[2606:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[2002:808:808::]/',
  ])('lets %s through: a public address', (url) => {
    expect(refusalOf(hostOf(url))).toBeNull();
  });

  it('opens what the deployment allows, in every spelling, and never the unspecified or multicast addresses', () => {
    const allowed = networks('127.0.0.1', '10.20.0.0/16', 'fd00:1::/32');
    expect(refusalOf('127.0.0.1', allowed)).toBeNull();
    expect(refusalOf(hostOf('http://2130706433/'), allowed)).toBeNull();
    expect(refusalOf('::ffff:127.0.0.1', allowed)).toBeNull();
    expect(refusalOf('127.0.0.2', allowed)).toBe('loopback');
    expect(refusalOf('::1', allowed)).toBe('loopback');
    expect(refusalOf('10.20.255.1', allowed)).toBeNull();
    expect(refusalOf('10.21.0.1', allowed)).toBe('private');
    expect(refusalOf('fd00:1:ffff::5', allowed)).toBeNull();
    expect(refusalOf('fd00:2::5', allowed)).toBe('private');
    const everything = networks('0.0.0.0/0', '::/0');
    expect(refusalOf('169.254.169.254', everything)).toBeNull();
    expect(refusalOf('0.0.0.0', everything)).toBe('unspecified');
    expect(refusalOf('::', everything)).toBe('unspecified');
    expect(refusalOf('224.0.0.1', everything)).toBe('multicast');
    expect(refusalOf('255.255.255.255', everything)).toBe('broadcast');
  });

  it('refuses text that is no address', () => {
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.4.5', '256.0.0.1', '01.2.3.4', '1:2:3', '1::2::3', 'g::1']) {
      expect(refusalOf(text), text).toBe('reserved');
    }
  });
});

describe('parseIp and parseNetwork', () => {
  it('read IPv4 and IPv6 in their usual forms', () => {
    expect(parseIp('192.168.0.1')).toEqual([192, 168, 0, 1]);
    expect(parseIp('[::1]')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseIp('fe80::1%eth0')).toEqual([0xfe, 0x80, ...Array<number>(13).fill(0), 1]);
    expect(parseIp('::ffff:1.2.3.4')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIp('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  });

  it('read a network, one address as all its bits, and refuse a prefix too long', () => {
    expect(parseNetwork('10.0.0.0/8')).toEqual({ bytes: [10, 0, 0, 0], prefix: 8 });
    expect(parseNetwork('127.0.0.1')).toEqual({ bytes: [127, 0, 0, 1], prefix: 32 });
    expect(parseNetwork('fd00::/8')?.prefix).toBe(8);
    expect(parseNetwork('10.0.0.0/33')).toBeNull();
    expect(parseNetwork('::/129')).toBeNull();
    expect(parseNetwork('10.0.0.0/8/8')).toBeNull();
    expect(parseNetwork('intranet')).toBeNull();
  });
});

describe('isLocalhostName', () => {
  it.each([
    ['localhost', true],
    ['localhost.', true],
    ['LOCALHOST', true],
    ['api.localhost', true],
    ['api.localhost.', true],
    ['localhost.example.org', false],
    ['notlocalhost', false],
    ['example.org', false],
  ])('%s: %s', (name, expected) => {
    expect(isLocalhostName(name)).toBe(expected);
  });
});
