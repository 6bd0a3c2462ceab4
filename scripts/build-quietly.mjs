// `npm start` builds the app before the server starts: this runs that build (`npm run build`)
// with its output held back, one line in place of the hundred-odd lines of file sizes and plugin
// timings that otherwise stand above the server's banner. When the build fails, its whole output
// is shown and its exit code kept. Plain JavaScript with no dependencies, like with-node.mjs.
import { spawn } from 'node:child_process';

const started = performance.now();
process.stdout.write('Building the app into dist/ … ');
// npm as this script was started by it (npm_execpath), or the one on PATH.
const viaNpmCli = process.env.npm_execpath?.endsWith('.js');
const build = spawn(
  viaNpmCli ? process.execPath : 'npm',
  [...(viaNpmCli ? [process.env.npm_execpath] : []), 'run', '--silent', 'build'],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
// Both streams in one, in the order they came, as a terminal would have shown them.
const output = [];
build.stdout.on('data', (chunk) => output.push(chunk));
build.stderr.on('data', (chunk) => output.push(chunk));
build.on('error', (error) => {
  process.stdout.write('failed\n');
  process.stderr.write(`could not run npm run build: ${error.message}\n`);
  process.exit(1);
});
build.on('close', (code, signal) => {
  if (code === 0) {
    process.stdout.write(`done in ${Math.round((performance.now() - started) / 1000)} s\n`);
    return;
  }
  process.stdout.write(`failed (${signal ?? `exit code ${code}`}); its output:\n\n`);
  process.stderr.write(Buffer.concat(output));
  process.exit(code ?? 1);
});
