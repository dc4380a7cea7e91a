import { describe, expect, it } from 'vitest';
import { parseOptions } from '../harness/options';

describe('npm run bench options', () => {
  it('run every renderer at 1k to 1M, every scenario, three runs up to 10k and one above, by default', () => {
    const options = parseOptions([]);
    expect(options).toMatchObject({
      sizes: [1_000, 10_000, 100_000, 1_000_000],
      renderers: ['ours', 'leaflet', 'maplibre-symbol'],
      scenario: 'all',
      stepTimeoutS: 240,
      against: null,
      build: true,
      glArgs: null,
    });
    expect([1_000, 10_000, 100_000].map(options.runsAt)).toEqual([3, 3, 1]);
  });

  it('read sizes as numbers or 1k/1M, a part of the renderers and scenarios, and another commit', () => {
    const options = parseOptions([
      '--n',
      '1M,1k,10000',
      '--renderers',
      'ours,leaflet',
      '--scenario',
      'panZoom',
      '--runs',
      '2',
      '--against',
      'HEAD~3',
      '--gl=--use-angle=vulkan --enable-features=Vulkan',
    ]);
    expect(options).toMatchObject({
      sizes: [1_000, 10_000, 1_000_000],
      renderers: ['ours', 'leaflet'],
      scenario: 'panZoom',
      against: 'HEAD~3',
      glArgs: ['--use-angle=vulkan', '--enable-features=Vulkan'],
    });
    expect(options.runsAt(1_000_000)).toBe(2);
  });

  it.each([
    [['--renderers', 'canvas'], 'unknown renderer: canvas'],
    [['--scenario', 'zoom'], 'unknown scenario: zoom'],
    [['--n', 'many'], 'not a machine count: many'],
    [['--runs', '0'], '--runs must be a whole number'],
  ])('refuse %j', (args, message) => {
    expect(() => parseOptions(args)).toThrow(message);
  });
});
