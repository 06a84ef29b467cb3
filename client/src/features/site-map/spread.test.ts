import { describe, expect, it } from 'vitest';
import { type Point, spreadApart } from './spread.ts';

const SIZE = 44;

/** Whether any two size × size boxes centred on the points overlap. */
function overlaps(points: Point[], size = SIZE) {
  const pairs: [number, number][] = [];
  points.forEach((p, i) => {
    points.forEach((q, j) => {
      if (j > i && Math.abs(p.x - q.x) < size - 0.01 && Math.abs(p.y - q.y) < size - 0.01) pairs.push([i, j]);
    });
  });
  return pairs;
}

const centroid = (points: Point[]) => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

describe('spreadApart', () => {
  it.each<[string, Point[]]>([
    ['nothing', []],
    ['one point', [{ x: 5, y: 5 }]],
    [
      'points already apart',
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 0, y: 44.5 },
      ],
    ],
  ])('leaves %s where it is', (_name, points) => {
    expect(spreadApart(points, SIZE)).toEqual(points);
  });

  it.each<[string, Point[], Point[]]>([
    [
      'a side-by-side pair moves sideways',
      [
        { x: 100, y: 100 },
        { x: 110, y: 102 },
      ],
      [
        { x: 82.75, y: 100 },
        { x: 127.25, y: 100 },
      ].map((p, i) => ({ ...p, y: i === 0 ? 100 : 102 })),
    ],
    [
      'a stacked pair moves up and down',
      [
        { x: 100, y: 100 },
        { x: 103, y: 130 },
      ],
      [
        { x: 100, y: 92.75 },
        { x: 103, y: 137.25 },
      ],
    ],
  ])('%s', (_name, points, expected) => {
    expect(spreadApart(points, SIZE)).toEqual(expected);
  });

  it.each<[string, Point[]]>([
    [
      'a diagonal row 11 px apart (test data)',
      Array.from({ length: 30 }, (_, i) => ({ x: i * 11, y: -i * 11 })),
    ],
    ['25 sites on one spot', Array.from({ length: 25 }, () => ({ x: 0, y: 0 }))],
    [
      'a dense block',
      Array.from({ length: 40 }, (_, i) => ({ x: (i % 7) * 9 + (i % 3), y: Math.floor(i / 7) * 8 })),
    ],
  ])('leaves no two targets overlapping: %s', (_name, points) => {
    const spread = spreadApart(points, SIZE);
    expect(overlaps(spread)).toEqual([]);
    expect(spread).toHaveLength(points.length);
    // The group stays where it was.
    const before = centroid(points);
    const after = centroid(spread);
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    expect(Math.abs(after.y - before.y)).toBeLessThan(1);
  });

  it('parts two sites in the same building, around the spot', () => {
    const [a, b] = spreadApart(
      [
        { x: 100, y: 100 },
        { x: 100, y: 100 },
      ],
      SIZE,
    );
    expect(overlaps([a!, b!])).toEqual([]);
    expect((a!.x + b!.x) / 2).toBeCloseTo(100);
    expect((a!.y + b!.y) / 2).toBeCloseTo(100);
  });

  it('is deterministic and does not change its input', () => {
    const points = [
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 3, y: 1 },
    ];
    const copy = structuredClone(points);
    expect(spreadApart(points, SIZE)).toEqual(spreadApart(points, SIZE));
    expect(points).toEqual(copy);
  });

  it('moves only the markers that collide', () => {
    const spread = spreadApart(
      [
        { x: 0, y: 0 },
        { x: 5, y: 0 },
        { x: 500, y: 500 },
      ],
      SIZE,
    );
    expect(spread[2]).toEqual({ x: 500, y: 500 });
  });
});
