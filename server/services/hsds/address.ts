/** The parts of a US street address the open-data feed needs (HSDS `address`). */
export interface AddressParts {
  address_1: string;
  address_2?: string;
  city: string;
  state_province: string;
  postal_code: string;
}

const STATE_AND_ZIP = /^([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)$/;
const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}(?:-\d{4})?$/;
const COUNTRY = /^(USA?|United States( of America)?)$/i;

/**
 * Splits an address written the usual US way, "777 Stockton St, Suite 2, San Francisco, CA 94108"
 * (the country, a comma before the ZIP code, a dot after the state allowed; a line break counts as a
 * comma, for addresses stored on several lines before they were normalised on save). Our sites keep their
 * address as one text (docs/product.md R250), so one that is not written this way is published
 * whole as the first line, with the city, state and ZIP code left empty rather than guessed.
 * Linear in the text's length: one split and fixed patterns without nested repetition.
 */
export function parseUsAddress(address: string): AddressParts {
  const parts = address
    .split(/,|\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) parts.pop();
  let state: string | undefined;
  let zip: string | undefined;
  const last = parts.at(-1) ?? '';
  const joined = STATE_AND_ZIP.exec(last);
  if (joined) {
    [state, zip] = [joined[1]!, joined[2]!];
    parts.pop();
  } else if (parts.length >= 4 && ZIP.test(last) && STATE.test(parts.at(-2)!)) {
    [state, zip] = [parts.at(-2)!, last];
    parts.splice(-2, 2);
  }
  if (!state || !zip || parts.length < 2)
    return {
      address_1: address
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join(', '),
      city: '',
      state_province: '',
      postal_code: '',
    };
  const city = parts.pop()!;
  const [first, ...rest] = parts;
  return {
    address_1: first!,
    ...(rest.length ? { address_2: rest.join(', ') } : {}),
    city,
    state_province: state.toUpperCase(),
    postal_code: zip,
  };
}
