import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-graph';

const root = path.resolve(import.meta.dirname, '..');

function treeOf(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

describe('the import graph', () => {
  it('has no cycle, type imports included', () => {
    expect(importCycles(importGraph(root))).toEqual([]);
  });

  it('sees a cycle made of type imports alone, and one through `import()` types and re-exports', () => {
    const folder = treeOf({
      'server/a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'server/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
      'server/c.ts': "export type C = import('./d').D;\n",
      'server/d.ts': "export { type C as D } from './c';\n",
      'server/e.ts': "import { f } from './f';\nexport const e = f;\n",
      'server/f.ts': 'export const f = 1;\n',
    });
    expect(importCycles(importGraph(folder))).toEqual([
      ['server/a.ts', 'server/b.ts'],
      ['server/c.ts', 'server/d.ts'],
    ]);
  });
});
