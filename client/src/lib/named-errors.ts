import type { FieldError } from '#shared/schemas/common.ts';

/**
 * Field messages that name their field (docs/product.md R214): an empty required field gets its form's
 * own sentence ("Enter the site's address") instead of "Is required."; other messages are kept.
 */
export function namedFieldErrors(
  fields: Record<string, string>,
  errors: readonly FieldError[],
  required: Record<string, string>,
): Record<string, string> {
  const named = { ...fields };
  for (const error of errors) {
    const sentence = required[error.path];
    if (error.code === 'required' && sentence) named[error.path] = sentence;
  }
  return named;
}

/**
 * The error summary's lines: the named sentence as it is, any other message after its field's label
 * ("Phone number: Must be exactly 10 digits."), in the order of the form's labels.
 */
export function summaryErrors(
  fields: Record<string, string>,
  labels: Record<string, string>,
  required: Record<string, string> = {},
  join: (label: string, message: string) => string = (label, message) => `${label}: ${message}`,
): { field: string; text: string }[] {
  const order = Object.keys(labels);
  const rank = (field: string) => {
    const index = order.indexOf(field) >= 0 ? order.indexOf(field) : order.indexOf(field.split('.')[0] ?? '');
    return index < 0 ? order.length : index;
  };
  return Object.entries(fields)
    .filter(([, message]) => message)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, message]) => {
      const label = labels[field] ?? labels[field.split('.')[0] ?? ''];
      const named = message === required[field] || !label;
      return { field, text: named ? message : join(label.replace(/\s*[(（][^(（]*[)）]\s*$/, ''), message) };
    });
}
