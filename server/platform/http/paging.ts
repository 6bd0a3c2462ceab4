import type { Page } from '../../../contract/responses';

export interface PageRequest {
  page: number;
  page_size: number;
}

/**
 * One page of a list as the wire has it: the rows the page asks for (LIMIT, OFFSET), the total
 * count, read together, and each row turned into its wire item.
 */
export async function pageOf<Row, Item>(
  request: PageRequest,
  read: { rows: (limit: number, offset: number) => Promise<Row[]>; total: () => Promise<number> },
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const { page, page_size } = request;
  const [rows, total] = await Promise.all([read.rows(page_size, (page - 1) * page_size), read.total()]);
  return { list: rows.map(toItem), total, page, page_size };
}
