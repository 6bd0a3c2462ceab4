import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'build-quietly.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-quietly-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * An npm whose `run build` writes a build's worth of lines to both streams, in turns, and ends
 * with the exit code it is given: the script runs it as it runs the real one (npm_execpath).
 */
const npm = path.join(dir, 'npm-cli.js');
fs.writeFileSync(
  npm,
  `for (let line = 1; line <= 110; line += 1) (line % 2 ? process.stdout : process.stderr).write('build line ' + line + '\\n');
process.exitCode = Number(process.env.BUILD_EXIT);`,
);

function buildQuietly(exitCode: number) {
  return spawnSync(process.execPath, [script], {
    env: { ...process.env, npm_execpath: npm, BUILD_EXIT: String(exitCode) },
    encoding: 'utf8',
  });
}

describe('the build before npm start', () => {
  it('is one line when it works', () => {
    const run = buildQuietly(0);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Building the app into dist\/ … done in \d+ s\n$/);
    expect(run.stderr).toBe('');
  });

  it('shows all its output, and fails with its exit code, when it fails', () => {
    const run = buildQuietly(3);
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('Building the app into dist/ … failed (exit code 3); its output:\n\n');
    expect(run.stderr.split('\n').slice(0, -1)).toHaveLength(110);
    expect(run.stderr).toContain('build line 1\n');
    expect(run.stderr).toContain('build line 110\n');
  });
});
