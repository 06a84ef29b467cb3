/**
 * A status line ('Cerrado hoy: Thanksgiving'), its reason in an element of its own language when that
 * is not the page's (an English fallback on a Spanish or Chinese page is marked `lang="en"`).
 */

import { Text } from '#client/lib/localized.tsx';
import type { StatusWords } from '#client/lib/status-words.ts';

export function StatusText({ words, language }: { words: StatusWords; language: string | undefined }) {
  const { reason } = words;
  if (!reason) return words.text;
  return (
    <>
      {reason.before}
      <Text value={reason.value} language={language} />
      {reason.after}
    </>
  );
}
