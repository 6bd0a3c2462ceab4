import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

test('npm run chain refuses where demo data would be refused, and touches no database there', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-guard-'));
  try {
    const ran = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/chain.ts')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, CHAIN_PORT: '0', DEMO: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(ran.stderr).toContain('npm run chain adds a network keyed by a public test phrase');
    expect(ran.status).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
