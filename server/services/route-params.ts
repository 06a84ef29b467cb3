import { parseId } from '#shared/ids.ts';
import { NotFoundError } from './errors.ts';

/** The record id of a route's `:id`; anything that is not an id is a record that does not exist (404). */
export function idOf(params: { id: string }): number {
  const id = parseId(params.id);
  if (id === undefined) throw new NotFoundError();
  return id;
}
