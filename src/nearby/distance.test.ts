import { describe, expect, it } from 'vitest';
import { distanceMetres, EARTH_RADIUS_M } from './distance';
import { formatDistance } from './formatDistance';
import { walkingMinutes } from './walkingTime';

describe('distanceMetres (haversine)', () => {
  // Exact on the sphere: arcs of known angle. Real routes: published ellipsoidal distances, which a
  // sphere matches to within 0.5%.
  it.each([
    ['the same point', [22.3193, 114.1694], [22.3193, 114.1694], 0, 0.001],
    ['a quarter meridian, equator to pole', [0, 0], [90, 0], (Math.PI / 2) * EARTH_RADIUS_M, 0.01],
    ['half the equator', [0, 0], [0, 180], Math.PI * EARTH_RADIUS_M, 0.01],
    ['one degree of longitude on the equator', [0, 0], [0, 1], (Math.PI / 180) * EARTH_RADIUS_M, 0.01],
    ['a thousandth of a degree of latitude in Kowloon', [22.3, 114.17], [22.301, 114.17], 111.195, 0.01],
    ['Hong Kong airport to London Heathrow (9,646 km)', [22.3089, 113.9146], [51.4706, -0.4619], 9_646_000, 48_000],
  ] as const)('%s', (_name, a, b, metres, tolerance) => {
    expect(Math.abs(distanceMetres(a, b) - metres)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric and never NaN for antipodes', () => {
    expect(distanceMetres([22.3, 114.2], [22.5, 113.9])).toBeCloseTo(distanceMetres([22.5, 113.9], [22.3, 114.2]), 6);
    expect(distanceMetres([10, 20], [-10, -160])).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 0);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, 'nearby.metres', 0],
    [4, 'nearby.metres', 0],
    [346, 'nearby.metres', 350],
    [994, 'nearby.metres', 990],
    [996, 'nearby.kilometres', '1.0'],
    [2_449, 'nearby.kilometres', '2.4'],
    [9_960, 'nearby.kilometres', '10.0'],
    [12_600, 'nearby.kilometres', '13'],
  ] as const)('%d m → %s %s', (metres, key, count) => {
    expect(formatDistance(metres)).toEqual({ key, params: { count } });
  });
});

describe('walkingMinutes', () => {
  it.each([
    [0, 1],
    [30, 1],
    [62, 2],
    [350, 6],
    [1_000, 17],
    [2_400, 39],
  ])('%d m in a straight line → about %d min on foot', (metres, minutes) => {
    expect(walkingMinutes(metres)).toBe(minutes);
  });
});
