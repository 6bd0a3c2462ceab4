import type { Migration } from '../migration';

export default `
  -- Four eyes made slow and loud. An operator's address (where their enrolment link goes and,
  -- for admins, the notices of every change to four eyes; NULL for accounts from before it was
  -- asked) and the console language they last used (the language of those mails).
  ALTER TABLE operators ADD COLUMN email TEXT;
  ALTER TABLE operators ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
  -- A new operator's approvals count 24 hours after enrolment, or from when an administrator
  -- other than the one who added them confirmed them. The first administrator, and accounts from
  -- before enrolment links, were made by the set-up itself and count from their start.
  ALTER TABLE operators ADD COLUMN confirmed_at TEXT;
  ALTER TABLE operators ADD COLUMN confirmed_by TEXT;
  UPDATE operators SET confirmed_at = enrolled_at, confirmed_by = 'setup'
  WHERE enrolled_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM operator_enrolments WHERE operator_enrolments.operator_id = operators.id);

  -- A raise of the second-approval limit waits 24 hours, or for a second administrator: at most
  -- one waits at a time (a later change replaces it).
  CREATE TABLE limit_raises (
    id INTEGER PRIMARY KEY,
    amount INTEGER NOT NULL CHECK (amount > 0),
    requested_by TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    in_force_at TEXT NOT NULL
  );
  ` satisfies Migration;
