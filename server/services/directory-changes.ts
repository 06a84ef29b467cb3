import type { Db } from '../db/client.ts';

/**
 * "The directory changed" as an event of the services that write what the public reads (sites,
 * closures and holiday decisions, the reference lists, a contact's confirmation, an import's commit):
 * each calls `directoryChanged(db)` right after its transaction commits, whoever called it — a route,
 * the command line, a scheduled job or a test (docs/decisions/051-directory-changed-is-a-service-event.md).
 *
 * What hears it is set per database by whoever opened it: the server's app context drops this
 * process's cached public answers and tells the other processes (`ctx.notifier.publish`); the command
 * line tells the running servers. A database nobody listens on (a unit test's) ignores the event.
 */
type Listener = () => Promise<void>;

const listeners = new WeakMap<Db, Set<Listener>>();

/** Adds one who hears the changes written through `db`; answers how to stop hearing them. */
export function onDirectoryChange(db: Db, listener: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Says that data the public reads changed through `db`, once committed. Called with a transaction
 * (a service running inside another's), it says nothing: the outer service says it after its commit.
 */
export async function directoryChanged(db: Db): Promise<void> {
  const set = listeners.get(db);
  if (set) await Promise.all([...set].map((listener) => listener()));
}

/** A transaction writing what the public reads, followed by `directoryChanged` once it has committed. */
export async function directoryWrite<T>(
  db: Db,
  write: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(write);
  await directoryChanged(db);
  return result;
}
