import type { Migration } from '../migration';

export default `
  -- Request counters of the rate limits, shared by every node on one database.
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    window_ends INTEGER NOT NULL
  );
  ` satisfies Migration;
