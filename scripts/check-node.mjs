// Runs before `npm start` and `npm test`: on a Node that package.json does not claim, the native
// database driver would crash on load, so say which Node is needed and how to get it instead.
import fs from 'node:fs';
import { satisfies } from 'semver';

const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
if (!satisfies(process.versions.node, engines.node)) {
  process.stderr.write(
    `This project runs on Node ${engines.node}; this is Node ${process.versions.node}.\n` +
      'Run `. scripts/node-24.sh` in this shell (it installs Node 24 from the npm registry if needed), ' +
      'then `npm install` again.\n',
  );
  process.exit(1);
}
