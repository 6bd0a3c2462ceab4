import fs from 'node:fs';
import path from 'node:path';
import * as semver from 'semver';
import { expect, test } from 'vitest';

interface LockedPackage {
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

function installsHere(pkg: LockedPackage): boolean {
  const allows = (list: string[] | undefined, value: string) =>
    !list || (list.includes(value) && !list.includes(`!${value}`)) || list.every((entry) => entry.startsWith('!'));
  return allows(pkg.os, process.platform) && allows(pkg.cpu, process.arch);
}

test('every package installed on this platform accepts every Node that package.json claims', () => {
  const claimed = manifest.engines.node;
  const refusing = Object.entries(lock.packages)
    .filter(([name, pkg]) => name !== '' && installsHere(pkg) && pkg.engines?.node)
    .filter(([, pkg]) => !semver.subset(claimed, pkg.engines?.node ?? '*'))
    .map(([name, pkg]) => `${name} wants ${pkg.engines?.node}`);
  expect(refusing).toEqual([]);
});

test('the Node running the suite is one that package.json claims', () => {
  expect(semver.satisfies(process.versions.node, manifest.engines.node)).toBe(true);
});
