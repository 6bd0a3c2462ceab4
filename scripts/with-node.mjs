// Runs one of package.json's scripts on a Node this project supports, whatever Node started it:
// `npm start`, `npm test`, `npm run ops` and the like come through here. On Node 22 or 24 it runs
// the script as it is, downloading nothing. On an older Node (Debian's 20, past its end of life)
// it brings Node 24 from the npm registry's `node` package into ~/.cache/usdt-wallet-node (or
// $NODE_24_HOME) once, checks that the database driver's prebuilt binary loads there (building
// it for that Node once if it does not), and runs the script there. Plain JavaScript with no
// dependencies: it must run on the old Node too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SUPPORTED_MAJORS = [22, 24];
const root = path.resolve(import.meta.dirname, '..');
const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: node scripts/with-node.mjs <package.json script> [arguments]\n');
  process.exit(2);
}

function say(line) {
  process.stderr.write(`with-node: ${line}\n`);
}

function supported(version) {
  const [major, minor] = version.split('.').map(Number);
  return SUPPORTED_MAJORS.includes(major) && (major !== 22 || minor >= 13);
}

/** The bin folder of the Node 24 kept for this project, installed from the npm registry if missing. */
function node24Bin() {
  const home = process.env.NODE_24_HOME ?? path.join(os.homedir(), '.cache', 'usdt-wallet-node');
  const find = () => {
    const builds = path.join(home, 'node_modules', 'node', 'node_modules');
    if (!fs.existsSync(builds)) return undefined;
    return fs
      .readdirSync(builds)
      .map((name) => path.join(builds, name, 'bin'))
      .find((bin) => fs.existsSync(path.join(bin, 'node')));
  };
  let bin = find();
  if (!bin) {
    say(`this is Node ${process.versions.node}; installing Node 24 from the npm registry into ${home} (once)`);
    // A project of its own, which lets the `node` package's install script (it puts this
    // platform's build in place) run where npm asks for dependencies' scripts to be allowed.
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(
      path.join(home, 'package.json'),
      `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`,
    );
    const installed = spawnSync(
      npmCommand(),
      [
        ...npmArguments(),
        'install',
        '--prefix',
        home,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        'node@24',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    bin = find();
    if (installed.status !== 0 || !bin) {
      say('could not install Node 24; install Node 22 or 24 yourself and run the command again');
      process.exit(1);
    }
  }
  return bin;
}

/** npm as this process was started by it (npm_execpath), or the one on PATH. */
function npmCommand(node = process.execPath) {
  return process.env.npm_execpath?.endsWith('.js') ? node : 'npm';
}
function npmArguments() {
  return process.env.npm_execpath?.endsWith('.js') ? [process.env.npm_execpath] : [];
}

/** This machine's C library as npm names it in a package's `libc` field. */
function libc(node) {
  const probe = spawnSync(node, ['-p', 'process.report.getReport().header.glibcVersionRuntime ? "glibc" : "musl"'], {
    encoding: 'utf8',
  });
  return probe.stdout.trim();
}

/**
 * The platform's builds of optional dependencies that the lockfile has and node_modules lacks:
 * npm on the old Node skips those that ask for a newer Node (EDR's, the local chain's engine), so
 * they are installed once the new Node runs npm.
 */
function missingPlatformPackages(node) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const c = process.platform === 'linux' ? libc(node) : undefined;
  return Object.entries(lock.packages ?? {})
    .filter(([where, entry]) => {
      // A platform's build: optional, and made for some systems or processors only.
      if (!where.startsWith('node_modules/') || !entry.optional || !(entry.os || entry.cpu)) return false;
      if (entry.os && !entry.os.includes(process.platform)) return false;
      if (entry.cpu && !entry.cpu.includes(process.arch)) return false;
      if (entry.libc && c && !entry.libc.includes(c)) return false;
      return !fs.existsSync(path.join(root, where, 'package.json'));
    })
    .map(
      ([where, entry]) =>
        `${where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`,
    );
}

/** Whether the database driver loads on this Node (it is built for one Node's ABI at a time). */
function driverLoads(node, env) {
  const probe = "new (require('better-sqlite3'))(':memory:').close()";
  return spawnSync(node, ['-e', probe], { cwd: root, env, stdio: 'ignore' }).status === 0;
}

function run(node, env) {
  const child = spawn(npmCommand(node), [...npmArguments(), 'run', '--silent', script, '--', ...args], {
    cwd: process.cwd(),
    env,
    stdio: 'inherit',
  });
  // A service manager's SIGTERM (and a terminal's Ctrl-C) reaches the server, which drains.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  // `kill <pid of npm start>` ends npm without passing the signal on: left without a parent, the
  // command is stopped the same way.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) child.kill('SIGTERM');
  }, 1000).unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
}

if (supported(process.versions.node)) {
  run(process.execPath, process.env);
} else {
  const bin = node24Bin();
  const node = path.join(bin, 'node');
  const env = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    // Native addons build against the headers that ship beside this Node, not the system's.
    npm_config_nodedir: path.resolve(bin, '..'),
  };
  const missing = missingPlatformPackages(node);
  if (missing.length > 0) {
    say(`installing what npm skipped on Node ${process.versions.node}: ${missing.join(', ')} (once)`);
    const installed = spawnSync(
      npmCommand(node),
      [...npmArguments(), 'install', '--no-save', '--no-audit', '--no-fund', ...missing],
      { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (installed.status !== 0) say('could not install them; what needs them (the local chain) will not run');
  }
  if (!driverLoads(node, env)) {
    say('building the database driver (better-sqlite3) for Node 24: once, about a minute');
    const rebuilt = spawnSync(npmCommand(node), [...npmArguments(), 'rebuild', 'better-sqlite3'], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (rebuilt.status !== 0 || !driverLoads(node, env)) {
      say('could not build better-sqlite3 for Node 24 (a C++ compiler and python3 are needed)');
      process.exit(1);
    }
  }
  run(node, env);
}
