// Runs before the scripts that `npm start` and `npm test` hand to scripts/with-node.mjs, for anyone
// who calls those directly: on a Node that package.json does not claim, the native database
// driver would crash on load, so say which Node is needed and how to get it instead.
import fs from 'node:fs';
import { satisfies } from 'semver';

const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
if (!satisfies(process.versions.node, engines.node)) {
  process.stderr.write(
    `This project runs on Node ${engines.node}; this is Node ${process.versions.node}.\n` +
      'Run it through `npm start`, `npm test` or `npm run ops`, which bring Node 24 themselves, or run ' +
      '`. scripts/node-24.sh` in this shell first.\n',
  );
  process.exit(1);
}
