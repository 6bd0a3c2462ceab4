import type { SqlRunner } from './sql';

/**
 * Every group of the server's statements, by the name the server reaches it under
 * (`domain.queries.selling.…`). The platform names none of them: each capability's query file
 * adds its own group here with `declare module`, and server/query-groups.ts, which builds them,
 * is checked to build exactly the groups declared.
 */
export interface Queries {
  /** The same groups, run by another runner: one open transaction. */
  boundTo(runner: SqlRunner): Queries;
}

/** The names of the groups, as the capabilities declare them. */
export type QueryGroupName = Exclude<keyof Queries, 'boundTo'>;
