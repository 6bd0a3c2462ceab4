import type { Migration } from '../migration';

export default `
  -- Event ids never go back. Without AUTOINCREMENT SQLite hands out the highest id left plus one,
  -- so once the sweep had emptied the table new events got ids the relay (which reads past the
  -- last id it delivered) had already passed, and live updates stopped until the ids caught up.
  -- Rows keep their order, not their ids: the relay starts from the highest id when the server
  -- starts, after the migrations. (PostgreSQL's identity keys never went back.)
  CREATE TABLE events_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  INSERT INTO events_next (user_id, payload, created_at)
    SELECT user_id, payload, created_at FROM events ORDER BY id;
  DROP TABLE events;
  ALTER TABLE events_next RENAME TO events;
  ` satisfies Migration;
