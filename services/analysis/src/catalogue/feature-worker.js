// Worker-thread entry for WorkerPoolAnalyser. Plain JavaScript so the thread can start without a
// TypeScript loader. Compiled (dist/, tools/build/build.mjs), its sibling feature-worker-main.js loads as it is;
// from source it registers a loader (swc-node, with the runtime tsconfig) for the TypeScript.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

if (!existsSync(join(__dirname, 'feature-worker-main.js'))) {
  process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../../../tsconfig.runtime.json');
  require('@swc-node/register');
}
require('./feature-worker-main');
