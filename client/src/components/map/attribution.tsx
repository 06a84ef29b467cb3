import type { ReactNode } from 'react';

/** Where the link goes in the translated 'contributors' text: t('map.contributors', { link: CONTRIBUTORS_LINK }). */
export const CONTRIBUTORS_LINK = '\u0001';

const CONTRIBUTORS = /^\s*contributors\b/;

/**
 * The tile attribution from the runtime settings (`MAP_ATTRIBUTION`, HTML such as
 * `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`) as React
 * nodes: its text, and its http(s) links as links. Nothing else of the HTML is kept (no other element,
 * attribute or script), so a setting can never put markup or handlers into the page.
 *
 * `contributors`, the page's words for '<link> contributors' with CONTRIBUTORS_LINK where the link goes
 * ('colaboradores de \u0001', '\u0001 貢獻者'), replaces a link followed by the English word: the
 * credit OpenStreetMap asks for stays, with its link, in the reader's language.
 */
export function attributionNodes(html: string, contributors?: string): ReactNode[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let key = 0;
  const walk = (node: Node): ReactNode[] =>
    Array.from(node.childNodes).flatMap((child): ReactNode[] => {
      if (child.nodeType === Node.TEXT_NODE) return [child.textContent ?? ''];
      if (child.nodeType !== Node.ELEMENT_NODE) return [];
      const element = child as Element;
      if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') return [];
      const href = element.tagName === 'A' ? (element.getAttribute('href') ?? '') : '';
      if (/^https?:\/\//i.test(href)) {
        key += 1;
        return [
          <a key={key} href={href}>
            {element.textContent}
          </a>,
        ];
      }
      return walk(element);
    });
  const nodes = walk(body);
  if (!contributors?.includes(CONTRIBUTORS_LINK)) return nodes;
  const [before = '', after = ''] = contributors.split(CONTRIBUTORS_LINK);
  const result: ReactNode[] = [];
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    const next = nodes[index + 1];
    if (typeof node === 'object' && typeof next === 'string' && CONTRIBUTORS.test(next)) {
      result.push(before, node, after, next.replace(CONTRIBUTORS, ''));
      index += 1;
    } else {
      result.push(node);
    }
  }
  return result.filter((node) => node !== '');
}
