import type { Migration } from '../migration';

export default `
  -- Uploaded proofs and avatars live in the database, so that every node of several serves them.
  ALTER TABLE uploads ADD COLUMN content BLOB;
  ` satisfies Migration;
