import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureMatches, signBody } from './signature';

describe('signBody', () => {
  it("is sha256= and the HMAC-SHA256 of the raw bytes, as a receiver's own HMAC computes it", () => {
    const body = '{"event":"alert.opened","text":"入樽機"}';
    const hex = createHmac('sha256', 'k3y').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(signBody('k3y', body)).toBe(`sha256=${hex}`);
    // A known vector (RFC 4231 test case 2).
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('signatureMatches', () => {
  const body = '{"a":1}';
  it.each([
    ['the right signature', signBody('s', body), true],
    ['another secret', signBody('t', body), false],
    ['another body', signBody('s', '{"a":2}'), false],
    ['no prefix', signBody('s', body).slice(7), false],
    ['upper-case hex', `sha256=${signBody('s', body).slice(7).toUpperCase()}`, false],
    ['no header', undefined, false],
    ['an empty header', '', false],
  ])('%s: %s', (_name, header, expected) => {
    expect(signatureMatches('s', body, header)).toBe(expected);
  });
});
