// `npm test`: every stage, stopping after the first group in which one fails, then how long each
// took. The table comes last, so that a CI log ends with where the time went (and where it stopped).
//
// The checks that read the sources and nothing else (types, lint, formatting, catalogs) run side
// by side: each is one process on one core (the lint's two halves apart, so the formatting check
// fills the other core beside ESLint, the longest); so do the build and the unit tests, which
// never read what the build writes. (The catalogs' check rewrites messages/ for a moment, which
// the build reads: those two never overlap.) A group's output is printed stage by stage once the
// group is done, so the log reads as if they had run one after another.
import { spawn } from 'node:child_process';

const GROUPS = [
  ['lint:code', 'typecheck', 'lint:format', 'i18n:check'],
  ['test:unit', 'build'],
  ['test:build'],
  ['test:e2e'],
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one stage: its output as it comes when it runs alone, kept for later beside others. */
function run(stage, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', stage], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) =>
      resolve({ stage, status, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) }),
    );
  });
}

const times = [];
let failed;
const started = Date.now();
for (const group of GROUPS) {
  const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  for (const result of results) {
    process.stdout.write(result.output);
    times.push([result.stage, result.seconds, group.length > 1]);
    if (result.status !== 0) failed ??= result.stage;
  }
  if (failed) break;
}

const width = Math.max(...GROUPS.flat().map((stage) => stage.length));
const lines = times.map(
  ([stage, seconds, together]) =>
    `  ${stage.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s${together ? '  (side by side)' : ''}`,
);
lines.push(`  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.stdout.write(`\nnpm test stages${failed ? ` (stopped: ${failed} failed)` : ''}:\n${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
