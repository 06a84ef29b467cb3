const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

export interface Point {
  x: number;
  y: number;
}

/**
 * Nudges map markers apart so no two of their square targets overlap: every marker stays a whole
 * 44 × 44 px target (WCAG 2.5.8; docs/product.md R2, R25) and keeps its own marker, even for sites in the same
 * building. Points are screen pixels at one zoom level; a point moves only as far as its neighbours
 * need, so at a closer zoom (where they no longer collide) every marker is exactly on its site.
 *
 * Overlapping pairs are pushed apart, each by half, along the axis that needs the smaller move; points
 * on the same spot part in a fixed pattern. Rounds repeat until nothing overlaps (or
 * `maxRounds`); a grid of `size` cells keeps each round close to linear.
 */
export function spreadApart(points: readonly Point[], size: number, maxRounds = 60): Point[] {
  const out = points.map((p) => ({ x: p.x, y: p.y }));
  const gap = size + 0.5;
  const cell = (value: number) => Math.floor(value / size);
  for (let round = 0; round < maxRounds; round += 1) {
    const grid = new Map<string, number[]>();
    out.forEach((p, i) => {
      const key = `${cell(p.x)},${cell(p.y)}`;
      const bucket = grid.get(key);
      if (bucket) bucket.push(i);
      else grid.set(key, [i]);
    });
    let moved = false;
    for (let i = 0; i < out.length; i += 1) {
      const p = out[i]!;
      const cx = cell(p.x);
      const cy = cell(p.y);
      for (let gx = cx - 1; gx <= cx + 1; gx += 1) {
        for (let gy = cy - 1; gy <= cy + 1; gy += 1) {
          for (const j of grid.get(`${gx},${gy}`) ?? []) {
            if (j <= i) continue;
            const q = out[j]!;
            const dx = q.x - p.x;
            const dy = q.y - p.y;
            const overlapX = gap - Math.abs(dx);
            const overlapY = gap - Math.abs(dy);
            if (overlapX <= 0.5 || overlapY <= 0.5) continue;
            moved = true;
            if (dx === 0 && dy === 0) {
              // Same spot: part in a direction that differs for each point (golden angle), so a crowd
              // opens out in two dimensions instead of a long line.
              const angle = j * GOLDEN_ANGLE;
              const push = gap / 2;
              p.x -= Math.cos(angle) * push;
              p.y -= Math.sin(angle) * push;
              q.x += Math.cos(angle) * push;
              q.y += Math.sin(angle) * push;
            } else if (overlapX <= overlapY) {
              const direction = Math.sign(dx);
              p.x -= (direction * overlapX) / 2;
              q.x += (direction * overlapX) / 2;
            } else {
              const direction = Math.sign(dy);
              p.y -= (direction * overlapY) / 2;
              q.y += (direction * overlapY) / 2;
            }
          }
        }
      }
    }
    if (!moved) break;
  }
  return out;
}
