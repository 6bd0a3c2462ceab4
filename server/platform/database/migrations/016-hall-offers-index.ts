import type { Migration } from '../migration';

export default `
  -- The hall lists only offers a sale can fill: not paused, and at least the smallest sale left.
  -- The index holds exactly those, in the hall's order.
  DROP INDEX offers_open;
  CREATE INDEX offers_open ON offers(unit_price DESC, id) WHERE paused = 0 AND remaining >= min_number;
  ` satisfies Migration;
