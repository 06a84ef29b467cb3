import type { ReactNode } from 'react';

/**
 * The tile attribution from the runtime settings (`MAP_ATTRIBUTION`, HTML such as
 * `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`) as React
 * nodes: its text, and its http(s) links as links. Nothing else of the HTML is kept (no other element,
 * attribute or script), so a setting can never put markup or handlers into the page.
 */
export function attributionNodes(html: string): ReactNode[] {
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
  return walk(body);
}
