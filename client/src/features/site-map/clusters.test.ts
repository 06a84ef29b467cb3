import { describe, expect, it } from 'vitest';
import { CLUSTER_MAX_ZOOM, type ClusterMark, clusterSites } from './clusters.ts';

type Spot = { id: number; lat: number; lng: number };

/** A deterministic scatter of `count` sites over a box around San Francisco (about 25 × 25 km). */
function scatter(count: number): Spot[] {
  let state = 7;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    lat: 37.65 + next() * 0.22,
    lng: -122.52 + next() * 0.28,
  }));
}

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const sitesIn = <S extends Spot>(marks: ClusterMark<S>[]) =>
  marks.reduce((sum, mark) => sum + (mark.kind === 'cluster' ? mark.count : 1), 0);

describe('clusterSites (R25)', () => {
  it('draws 10,000 sites as a few marks whose counts add up to every site', () => {
    const sites = scatter(10_000);
    const clusters = clusterSites(sites);
    for (const zoom of [8, 10, 12]) {
      const marks = clusters.marksIn(WORLD, zoom);
      expect(sitesIn(marks)).toBe(10_000);
      expect(marks.length).toBeLessThanOrEqual(300);
      expect(marks.some((mark) => mark.kind === 'cluster')).toBe(true);
    }
  });

  it('keeps the marks of one view to a few hundred at any zoom', () => {
    const sites = scatter(10_000);
    const clusters = clusterSites(sites);
    // A phone-sized view (about 400 × 600 px) around the city's centre, from the whole city to a street.
    for (let zoom = 10; zoom <= CLUSTER_MAX_ZOOM + 1; zoom += 1) {
      const degrees = (400 / 256) * (360 / 2 ** zoom);
      const view: [number, number, number, number] = [
        -122.42 - degrees / 2,
        37.77 - degrees * 0.75,
        -122.42 + degrees / 2,
        37.77 + degrees * 0.75,
      ];
      expect(clusters.marksIn(view, zoom).length).toBeLessThanOrEqual(300);
    }
  });

  it('gives every site its own mark once zoomed past the last grouping level', () => {
    const sites = [
      { id: 1, lat: 37.7749, lng: -122.4194 },
      { id: 2, lat: 37.7749, lng: -122.4194 },
      { id: 3, lat: 37.775, lng: -122.4195 },
    ];
    const clusters = clusterSites(sites);
    const grouped = clusters.marksIn(WORLD, 12);
    expect(grouped).toEqual([expect.objectContaining({ kind: 'cluster', count: 3 })]);
    const apart = clusters.marksIn(WORLD, CLUSTER_MAX_ZOOM);
    expect(apart.map((mark) => mark.kind === 'site' && mark.site.id).sort()).toEqual([1, 2, 3]);
  });

  it('zooms into a group to where it comes apart', () => {
    const sites = [
      { id: 1, lat: 37.7749, lng: -122.4194 },
      { id: 2, lat: 37.78, lng: -122.41 },
      { id: 3, lat: 37.9, lng: -122.2 },
    ];
    const clusters = clusterSites(sites);
    const [group] = clusters.marksIn([-123, 37.7, -122.3, 37.85], 10);
    if (group?.kind !== 'cluster') throw new Error('expected a group of the two city sites');
    expect(group.count).toBe(2);
    const zoom = clusters.expansionZoom(group.id);
    expect(zoom).toBeGreaterThan(10);
    expect(clusters.marksIn(WORLD, zoom).filter((mark) => mark.kind === 'site')).toHaveLength(3);
  });

  it('lists marks north to south, then west to east, and only those in view', () => {
    const sites = [
      { id: 1, lat: 37.7, lng: -122.4 },
      { id: 2, lat: 37.8, lng: -122.45 },
      { id: 3, lat: 37.8, lng: -122.5 },
      { id: 4, lat: 40.0, lng: -120.0 },
    ];
    const marks = clusterSites(sites).marksIn([-123, 37, -122, 38], CLUSTER_MAX_ZOOM);
    expect(marks.map((mark) => mark.kind === 'site' && mark.site.id)).toEqual([3, 2, 1]);
  });

  it('answers an empty directory with no marks', () => {
    expect(clusterSites([]).marksIn(WORLD, 12)).toEqual([]);
  });
});
