/** A site page's lists of names, a second list in brackets after the first (populations, meal types). */
import { InlineList } from '#client/components/ui/inline-list.tsx';
import { ListedNames, type LocalizedText, pageLanguage, Text } from '#client/lib/localized.tsx';

/** Names as a list read as one (InlineList): 'Seniors | Adults', the bars silent (docs/product.md R119). */
function NameList({ names, language }: { names: readonly LocalizedText[]; language: string | undefined }) {
  return (
    <InlineList
      items={names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this render; names may repeat.
        <Text key={index} value={name} language={language} />
      ))}
    />
  );
}

/**
 * A list with a second list in brackets: populations with their covid statuses, meal types with their
 * services — 'Seniors | Adults (Takeout only and Indoor dining)', the bracketed names written as the
 * language writes a list ('（外賣及堂食）' in Chinese, with its full-width brackets).
 */
export function NamesWithBracketed({
  main,
  bracketed,
  language,
}: {
  main: readonly LocalizedText[];
  bracketed: readonly LocalizedText[];
  language: string | undefined;
}) {
  if (bracketed.length === 0) return <NameList names={main} language={language} />;
  const [open, close] = pageLanguage(language) === 'zh' ? ['（', '）'] : ['(', ')'];
  return (
    <>
      {main.length > 0 && <NameList names={main} language={language} />}
      {main.length > 0 && open === '(' ? ' ' : ''}
      {open}
      <ListedNames names={bracketed} language={language} />
      {close}
    </>
  );
}
