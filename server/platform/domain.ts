import type { Queries } from './database/queries';
import type { Db } from './database/sql';

/** What reads and records: shared by the server and the operator CLI. */
export interface Domain {
  db: Db;
  queries: Queries;
  now: () => Date;
}

export function isoNow(context: Pick<Domain, 'now'>): string {
  return context.now().toISOString();
}

export function secondsAgo(context: Pick<Domain, 'now'>, seconds: number): string {
  return new Date(context.now().getTime() - seconds * 1000).toISOString();
}

export function secondsUntil(context: Pick<Domain, 'now'>, time: string): number {
  return (Date.parse(time) - context.now().getTime()) / 1000;
}
