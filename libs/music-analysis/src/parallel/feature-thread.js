// Worker-thread entry of FeatureHelper (feature-threads.ts). Plain JavaScript so the thread can start without a
// TypeScript loader, under Jest as under node. Compiled (dist/, tools/build/build.mjs), its sibling
// feature-thread-main.js is plain JavaScript too and loads as it is. From source, like
// services/analysis/src/catalogue/feature-worker.js, it compiles the TypeScript with swc, but through @swc/core
// directly rather than @swc-node/register: the latter also loads the TypeScript compiler to read tsconfig, which
// measured ≈ 30 MB more per thread (83 vs 54 MB), and this thread stays alive beside every analysis. The options
// mirror tsconfig.base.json + tsconfig.runtime.json (CommonJS, ES2022, esModuleInterop, useDefineForClassFields
// false, legacy decorators); the modules this thread loads import only relative paths and type-only names, so no
// path mapping is needed.
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    transform: { useDefineForClassFields: false, legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
};

function compileTypeScriptOnLoad() {
  const { transformSync } = require('@swc/core');
  require.extensions['.ts'] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
    module._compile(code, filename);
  };
}

if (!existsSync(join(__dirname, 'feature-thread-main.js'))) compileTypeScriptOnLoad();
require('./feature-thread-main');
