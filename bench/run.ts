import { measureBundle } from './bundle';

const KB = 1024;
const BUDGET_FIRST_LOAD = 100 * KB;
const BUDGET_PAGE = 15 * KB;

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'OVER';
}

const bundle = measureBundle();
const rows: [string, string, string, string][] = [];
for (const route of bundle.firstLoad) {
  // The budget is the login route's, the first screen anyone sees.
  const budgeted = route.route.endsWith('/login.tsx');
  rows.push([
    `first-load JS (gzip) ${route.route}`,
    kb(route.js),
    budgeted ? `≤ ${kb(BUDGET_FIRST_LOAD)}` : '—',
    budgeted ? verdict(route.js <= BUDGET_FIRST_LOAD) : '',
  ]);
}
for (const page of bundle.pages) {
  rows.push([`page chunk (gzip) ${page.page}`, kb(page.js), `≤ ${kb(BUDGET_PAGE)}`, verdict(page.js <= BUDGET_PAGE)]);
}
rows.push(['CSS (gzip)', kb(bundle.css), '—', '']);

const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length), 6));
const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
console.log(line(['measure', 'value', 'budget', 'result']));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
