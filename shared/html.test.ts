import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it.each([
    ['<script>', '&lt;script&gt;'],
    ['"quoted"', '&quot;quoted&quot;'],
    ["O'Farrell St", 'O&#39;Farrell St'],
    ['Soup & Salad', 'Soup &amp; Salad'],
    ['&amp; already', '&amp;amp; already'],
    ['<a href="x" title=\'y\'>&</a>', '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;'],
    ['午膳 · Almuerzo', '午膳 · Almuerzo'],
  ])('writes %s as %s', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });
});
