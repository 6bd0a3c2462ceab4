// `npm test`: every stage in order, stopping at the first that fails, then how long each took.
// The table comes last, so that a CI log ends with where the time went (and where it stopped).
import { spawnSync } from 'node:child_process';

const STAGES = ['typecheck', 'lint', 'i18n:check', 'test:unit', 'build', 'test:build', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const times = [];
let failed;
const started = Date.now();
for (const stage of STAGES) {
  const stageStarted = Date.now();
  const { status } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  times.push([stage, (Date.now() - stageStarted) / 1000]);
  if (status !== 0) {
    failed = stage;
    break;
  }
}

const width = Math.max(...STAGES.map((stage) => stage.length));
const lines = times.map(([stage, seconds]) => `  ${stage.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s`);
lines.push(`  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.stdout.write(`\nnpm test stages${failed ? ` (stopped: ${failed} failed)` : ''}:\n${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
