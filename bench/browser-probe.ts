import type { Page } from 'playwright-core';

/*
 * What bench/browser.ts measures inside the page: the markers drawn, an action's time from the event
 * that starts it to the list's and the map's next paint, and the long tasks on the way.
 */

/** Markers drawn: one <img> each, or (canvas renderer) the canvas in the overlay pane. */
export const MARKERS = '.site-map__frame .leaflet-marker-icon, .site-map__frame .leaflet-overlay-pane canvas';

/**
 * Runs in the page before its own scripts: records long tasks, and the first frame (rAF) in which the
 * first row / the count / the map's markers are in the DOM. performance.now() counts from navigation start.
 */
export function pageProbe(markers: string) {
  const w = window as unknown as Record<string, unknown>;
  const longTasks: { start: number; duration: number }[] = [];
  w.__longTasks = longTasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const marks: Record<string, number> = {};
  w.__marks = marks;
  const check = () => {
    const now = performance.now();
    const count = document.querySelector('.sites-count')?.textContent ?? '';
    if (!marks.count && /\d/.test(count)) marks.count = now;
    if (!marks.firstRow && document.querySelector('.sites-list__items li')) marks.firstRow = now;
    if (!marks.map && document.querySelector(markers)) marks.map = now;
    if (!(marks.count && marks.firstRow && marks.map)) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  // The time of the user's action, taken in the capture phase before any handler runs.
  for (const type of ['change', 'click', 'pointerdown', 'pointerup']) {
    window.addEventListener(
      type,
      (event) => ((w.__action as Record<string, number>)[type] = event.timeStamp),
      {
        capture: true,
      },
    );
  }
  w.__action = {};
}

export interface ActionFigures {
  /** Action → the announced count changed (React committed). */
  toCountMs?: number;
  /** Action → the frame after the change (rAF + task): what the user sees. */
  toPaintMs?: number;
  /** Action → the main thread is free again (end of the last long task the action caused). */
  busyMs: number;
  /** Action → 300 ms of smooth frames (no gap > 50 ms, no zoom animation): the map has settled. */
  settleMs?: number;
  longestTaskMs: number;
  longestFrameMs?: number;
  count?: string;
  /** A large directory (filters answered by GET /api/search): action → the answer's last byte. */
  answerMs?: number;
  /** The answer's last byte → the frame after the change: the browser's own part of the wait. */
  answerToPaintMs?: number;
  /** The answer's body as sent (compressed), in bytes. */
  answerBytes?: number;
}

/** Arms the in-page watch for the next action; `measureAction` collects it. */
export async function armAction(page: Page, kind: 'filter' | 'map') {
  await page.evaluate((kind) => {
    const w = window as unknown as Record<string, unknown>;
    w.__action = {};
    const status = document.querySelector('.sites-count')!;
    const before = status.textContent;
    w.__result = new Promise((resolve) => {
      const out: Record<string, unknown> = {};
      const frames: number[] = [];
      if (kind === 'filter') {
        const observer = new MutationObserver(() => {
          if (status.textContent === before) return;
          observer.disconnect();
          out.commit = performance.now();
          out.count = status.textContent;
          requestAnimationFrame(() =>
            setTimeout(() => {
              out.paint = performance.now();
              resolve(out);
            }),
          );
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
        setTimeout(() => resolve(out), 30_000);
        return;
      }
      // Map: watch frames until 300 ms of smooth ones with no zoom animation under way.
      // Leaflet marks its map pane (not the container) while a zoom animates.
      const pane = document.querySelector('.site-map__frame .leaflet-map-pane')!;
      let quietFrom = 0;
      const started = performance.now();
      const frame = (now: number) => {
        frames.push(now);
        const previous = frames[frames.length - 2] ?? now;
        const acted = Object.keys(w.__action as object).length > 0;
        const animating =
          pane.classList.contains('leaflet-zoom-anim') ||
          document.body.classList.contains('leaflet-dragging');
        if (!acted || animating || now - previous > 50) quietFrom = 0;
        else if (!quietFrom) quietFrom = now;
        if ((acted && quietFrom && now - quietFrom >= 300) || now - started > 30_000) {
          out.settled = quietFrom;
          out.frames = frames;
          resolve(out);
        } else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, kind);
}

export async function measureAction(page: Page, startEvent: string): Promise<ActionFigures> {
  type Raw = {
    commit?: number;
    paint?: number;
    settled?: number;
    frames?: number[];
    count?: string;
    start: number;
    longTasks: { start: number; duration: number }[];
    answers: { start: number; end: number; bytes: number }[];
  };
  const raw = (await page.evaluate(async (startEvent) => {
    const w = window as unknown as Record<string, unknown>;
    const out = (await w.__result) as Record<string, unknown>;
    // Long tasks are reported a little after they end: give the observer a moment.
    await new Promise((r) => setTimeout(r, 300));
    return {
      ...out,
      start: (w.__action as Record<string, number>)[startEvent],
      longTasks: w.__longTasks as { start: number; duration: number }[],
      // The list's answers from the server's search (a large directory); not the map's.
      answers: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/api\/search\?/.test(entry.name))
        .map((entry) => ({ start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize })),
    };
  }, startEvent)) as Raw;
  const start = raw.start;
  const tasks = raw.longTasks.filter((task) => task.start + task.duration > start);
  const frames = raw.frames?.filter((f) => f >= start) ?? [];
  const gaps = frames.slice(1).map((f, i) => f - frames[i]!);
  const end = Math.max(start, ...tasks.map((task) => task.start + task.duration));
  const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));
  // The answer the change painted: the last one asked after the action that arrived before the commit.
  const answer = raw.answers
    .filter((a) => a.start >= start && (raw.commit === undefined || a.end <= raw.commit))
    .at(-1);
  return {
    toCountMs: round(raw.commit !== undefined ? raw.commit - start : undefined),
    toPaintMs: round(raw.paint !== undefined ? raw.paint - start : undefined),
    busyMs: Math.round(Math.max(end, raw.paint ?? start) - start),
    settleMs: round(raw.settled !== undefined ? Math.max(0, raw.settled - start) : undefined),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    longestFrameMs: gaps.length ? Math.round(Math.max(...gaps)) : undefined,
    count: raw.count,
    ...(answer && {
      answerMs: Math.round(answer.end - start),
      answerToPaintMs: round(raw.paint !== undefined ? raw.paint - answer.end : undefined),
      answerBytes: answer.bytes,
    }),
  };
}
