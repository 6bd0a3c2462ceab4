import type { Migration } from '../migration';

export default `
  -- The browsers each operator has signed in with (a long-lived device cookie, kept as its
  -- digest): wrong passwords from elsewhere cannot hold an operator out of their own browser.
  CREATE TABLE operator_devices (
    operator_id INTEGER NOT NULL REFERENCES operators(id),
    device TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    PRIMARY KEY (operator_id, device)
  ) WITHOUT ROWID;
  ` satisfies Migration;
