#!/usr/bin/env node
// The registry this project installs from serves only the Linux builds of a few native packages
// (@swc/core, unrs-resolver). `npm install` then leaves their other-platform optional builds out of
// package-lock.json and `npm ci` refuses the lock as "out of sync". This adds those entries back,
// marked optional with their os/cpu, so npm ci skips them as it would for any other platform.
// Run after changing dependencies: node tools/fix-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  return os && cpu ? { os: [os], cpu: [cpu] } : null;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[key] = { version, ...platform, dev: entry.dev || undefined, optional: true };
    added++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lockfile: added ${added} other-platform optional entries`);
