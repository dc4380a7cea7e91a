import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { carriesCsrfToken, fromThisSite } from './csrf';

const request = (headers: Record<string, string>, protocol = 'https', host = 'rvm.example.org') =>
  ({ headers, protocol, host }) as unknown as FastifyRequest;

describe('fromThisSite', () => {
  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, true],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }, false],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, false],
    ['Sec-Fetch-Site none (typed in the address bar)', { 'sec-fetch-site': 'none' }, false],
    [
      'Fetch Metadata winning over a matching Origin',
      { 'sec-fetch-site': 'cross-site', origin: 'https://rvm.example.org' },
      false,
    ],
    ['the own origin, without Fetch Metadata', { origin: 'https://rvm.example.org' }, true],
    ['another origin, without Fetch Metadata', { origin: 'https://evil.example' }, false],
    ['the own host over the other scheme', { origin: 'http://rvm.example.org' }, false],
    ['an opaque origin', { origin: 'null' }, false],
    ['neither header: not a browser page', {}, true],
  ])('%s: %s', (_name, headers, expected) => {
    expect(fromThisSite(request(headers))).toBe(expected);
  });
});

describe('carriesCsrfToken', () => {
  const token = 'k3Jx9vQm0bS7c5Yf2HwLr8TzUa4DpNe1GiXoVyKq6Z0';
  it.each([
    ['the token', { 'x-csrf-token': token }, true],
    ['no header', {}, false],
    ['an empty header', { 'x-csrf-token': '' }, false],
    ['another token', { 'x-csrf-token': token.replace('k', 'K') }, false],
    ['the token with more after it', { 'x-csrf-token': `${token}x` }, false],
  ])('%s: %s', (_name, headers, expected) => {
    expect(carriesCsrfToken(request(headers), token)).toBe(expected);
  });
});
