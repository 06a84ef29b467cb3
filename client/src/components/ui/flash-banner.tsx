import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { notePath, takeFlash } from '#client/lib/flash.ts';
// Loaded with the shell, before the router starts listening to Back and Forward (lib/history-guard.ts).
import '#client/lib/history-guard.ts';

/**
 * Shows the message a form left for this page (lib/flash.ts) until the next navigation. The status
 * region is always there, so adding the text is announced politely (docs/product.md R213).
 */
export function FlashBanner() {
  const { key, pathname } = useLocation();
  const [text, setText] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entry (even of the same path) takes the next message
  useEffect(() => {
    notePath(pathname);
    setText(takeFlash());
  }, [key, pathname]);
  return (
    <div role="status" className={text ? 'alert alert--success flash-banner' : 'flash-banner--empty'}>
      {text}
    </div>
  );
}
