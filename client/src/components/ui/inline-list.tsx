import type { ReactNode } from 'react';

/**
 * Items on one line with a visible ' | ' between them ('Seniors | Adults'), heard by a screen reader
 * as a list of so many items, not as "vertical bar" (docs/product.md R119). The bars are drawn by CSS
 * (`.inline-list` in styles.css) as generated text whose alternative text is empty; `role="list"`
 * keeps the list a list where `list-style: none` would drop it (Safari).
 */
export function InlineList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list role of an unstyled list.
    <ul role="list" className={className ? `inline-list ${className}` : 'inline-list'}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed for this render and may repeat.
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
