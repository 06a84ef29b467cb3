/** The words of the site page's Call button, the phone number kept whole on one line. */

/** Stands for the phone number in the translated 'Call {{phone}}' until CallText puts it in its place. */
export const PHONE_MARK = '\u0001';

/**
 * 'Call (415) 555-0123', the number kept on one line ('(415) 555-' never ends a line); an extension
 * (', ext. 3') may go to the next line at 200 % text, itself kept whole.
 */
export function CallText({ text, phone }: { text: string; phone: string }) {
  const [before, after] = text.split(PHONE_MARK);
  const [number, ...extension] = phone.split(', ');
  return (
    <>
      {before}
      {/* The comma stays with the number: the button lays its words out as items, which read with a space between. */}
      <span className="site-details__nowrap">
        {number}
        {extension.length > 0 && ','}
      </span>
      {extension.length > 0 && (
        <>
          {' '}
          <span className="site-details__nowrap">{extension.join(', ')}</span>
        </>
      )}
      {after}
    </>
  );
}
