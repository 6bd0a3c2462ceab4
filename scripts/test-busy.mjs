// `npm run test:busy`: the whole `npm test` with two CPU-bound processes beside it, as on a machine
// that is doing other work. The suite must stay green this way; run it to check that it does.
import { spawn, spawnSync } from 'node:child_process';

/** Each hog stops by itself after this, even if this script is killed before it can stop them. */
const HOG_LIFETIME_MS = 45 * 60 * 1000;
const HOG = `const end = Date.now() + ${HOG_LIFETIME_MS}; while (Date.now() < end);`;

const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.once('SIGINT', () => {
  stopHogs();
  process.exit(130);
});

process.stdout.write(
  `test:busy: two CPU-bound processes run beside the suite (pids ${hogs.map((hog) => hog.pid).join(', ')})\n`,
);
const { status } = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['test'], { stdio: 'inherit' });
stopHogs();
process.exit(status ?? 1);
