// One Jest run, several projects: fast unit tests, jsdom frontend tests, and integration tests
// that talk to real Postgres, NATS and S3 (see libs/testing).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@originality/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@originality/platform$': '<rootDir>/libs/platform/src/index.ts',
  '^@originality/testing$': '<rootDir>/libs/testing/src/index.ts',
  '^@originality/music-analysis$': '<rootDir>/libs/music-analysis/src/index.ts',
  '^@originality/music-synth$': '<rootDir>/libs/music-synth/src/index.ts',
};
const { existsSync } = require('node:fs');
const existing = (files) => files.filter((f) => existsSync(f.replace('<rootDir>', __dirname)));
// openid-client 6, oauth4webapi and jose ship ESM only: let swc turn them into CommonJS for Jest.
const esmPackages = ['openid-client', 'oauth4webapi', 'jose'];
const base = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,services,gateway,tools}/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/**/*.spec.{ts,tsx}'],
      setupFilesAfterEnv: existing(['<rootDir>/frontend/src/test/setup.ts']),
      moduleNameMapper: { ...moduleNameMapper, '\\.(css|less|svg|png)$': '<rootDir>/frontend/src/test/file-stub.ts' },
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,services,gateway,tools}/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/test/integration-setup.ts'],
    },
  ],
};
