import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, type Machine } from '../../shared/machine';
import { loadedFeed, replaceMachine, type FeedList } from './feedList';
import { buildSearchIndex, nextSearchIndex, type SearchIndex } from './searchIndex';

const machine = (id: string, name: string, status: Machine['status']): Machine => ({
  id,
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status,
  under_maintenance: false,
  service_status: 0,
  name_en: name,
  name_zht: `${name}機`,
  name_zhs: `${name}机`,
  address_en: 'Road',
  address_zht: '路',
  address_zhs: '路',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
});

/** An index that, like the store's search index atom, is made from the one before it. */
function indexer(primed: () => SearchIndex | null = () => null) {
  let last: SearchIndex | undefined;
  return (feed: FeedList, locale: Locale) => (last = nextSearchIndex(last, feed, locale, primed())).texts;
}

describe('nextSearchIndex', () => {
  it('gives what buildSearchIndex gives, list after list of live changes and language switches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Ａb', 'Cd', 'ef'), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('Ａb', 'Cd', 'ef'), fc.constantFrom(...LOCALES)), {
          maxLength: 12,
        }),
        (names, steps) => {
          const index = indexer();
          let feed = loadedFeed(names.map((n, i) => machine(String(i), n, '>40%')));
          expect(index(feed, 'en')).toEqual(buildSearchIndex(feed.machines, 'en'));
          for (const [at, name, locale] of steps) {
            feed = replaceMachine(feed, machine(String(at % feed.machines.length), name, 'Full'));
            expect(index(feed, locale)).toEqual(buildSearchIndex(feed.machines, locale));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the same index when a live change leaves the names and addresses as they were', () => {
    const index = indexer();
    const feed = loadedFeed([machine('a', 'Alpha', '>40%'), machine('b', 'Beta', '>40%')]);
    const first = index(feed, 'en');
    const full = replaceMachine(feed, machine('b', 'Beta', 'Full'));
    expect(index(full, 'en')).toBe(first);
    const renamed = replaceMachine(full, machine('b', 'Gamma', 'Full'));
    expect(index(renamed, 'en')).not.toBe(first);
    expect(index(renamed, 'en')).toEqual(['alpha\nroad', 'gamma\nroad']);
    expect(first).toEqual(['alpha\nroad', 'beta\nroad']);
  });
});

describe('an index built ahead (primed)', () => {
  const feed = loadedFeed(Array.from({ length: 3 }, (_, i) => machine(String(i), `Place ${i}`, '>40%')));

  it('is taken for its list and language, and not for another language', () => {
    const built: SearchIndex = { machines: feed.machines, locale: 'en', texts: buildSearchIndex(feed.machines, 'en') };
    const index = indexer(() => built);
    expect(index(feed, 'en')).toBe(built.texts);
    expect(index(feed, 'zht')).toEqual(buildSearchIndex(feed.machines, 'zht'));
  });

  it('gives way to what was indexed already, and to a list made since by a live change', () => {
    let primed: SearchIndex | null = null;
    const index = indexer(() => primed);
    const first = index(feed, 'en');
    const changed = replaceMachine(feed, { ...feed.machines[1]!, name_en: 'Renamed' });
    primed = { machines: feed.machines, locale: 'en', texts: ['stale', 'stale', 'stale'] };
    expect(index(feed, 'en')).toBe(first);
    expect(index(changed, 'en')).toEqual(buildSearchIndex(changed.machines, 'en'));
  });

  it('is refused when it has another length', () => {
    const index = indexer(() => ({ machines: feed.machines, locale: 'en', texts: ['only one'] }));
    expect(index(feed, 'en')).toEqual(buildSearchIndex(feed.machines, 'en'));
  });
});
