import { describe, expect, it } from 'vitest';
import { shownFeedUrl } from './shownFeedUrl';

describe('shownFeedUrl', () => {
  it('keeps a plain address as it is', () => {
    expect(shownFeedUrl('https://feed.example.com/api/')).toBe('https://feed.example.com/api/');
  });

  it('drops a name and password', () => {
    expect(shownFeedUrl('https://ops:s3cret@feed.example.com/api/')).toBe('https://feed.example.com/api/');
  });

  it('hides every query value but keeps the names, once each', () => {
    const shown = shownFeedUrl('https://feed.example.com/api/?key=abc123&region=hk&key=again#frag');
    expect(shown).toBe('https://feed.example.com/api/?key=…&region=…');
    expect(shown).not.toContain('abc123');
  });

  it('says so for a string that is not a URL', () => {
    expect(shownFeedUrl('not a url')).toBe('(not a URL)');
  });
});
