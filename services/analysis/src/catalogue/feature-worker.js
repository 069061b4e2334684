// Worker-thread entry for WorkerPoolAnalyser. Plain JavaScript so the thread can start without a
// TypeScript loader; it registers one (swc-node, with the runtime tsconfig) and loads the real code.
const { join } = require('node:path');

process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../../../tsconfig.runtime.json');
require('@swc-node/register');
require('./feature-worker-main.ts');
