import type { Migration } from '../migration';

export default `
  -- The customer-service contacts under a name that says what they are.
  ALTER TABLE kefu RENAME TO contact_channels;
  ` satisfies Migration;
