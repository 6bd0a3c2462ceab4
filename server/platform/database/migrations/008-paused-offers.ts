import type { Migration } from '../migration';

export default `
  -- An operator may take an offer out of the hall for a while without touching its quantity.
  ALTER TABLE offers ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
  ` satisfies Migration;
