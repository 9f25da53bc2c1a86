/** Two projects: `unit` needs no services; `integration` runs against real PostgreSQL, Temporal and an EVM node
 * that test/support/global-setup.ts starts once. */
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
};
// The generated Prisma client imports './x.js' (nodenext style); jest must resolve those to the .ts sources.
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
// otplib's plugins ship their @scure/base and @noble/hashes as ES modules only: node >= 20.19 requires them, jest's
// runtime does not, so those two (nested under @otplib) are compiled like our sources; the rest of node_modules is not.
const transformIgnorePatterns = ['^(?!.*/node_modules/@otplib/plugin-[^/]+/node_modules/).*/node_modules/'];
module.exports = {
  // One test file at a time per jest process: a process's integration files share its chains and their bankroll
  // (nonces, balances, base fee). scripts/test.sh runs several processes, each with its own services.
  maxWorkers: 1,
  testSequencer: '<rootDir>/test/support/sequencer.js',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/unit', '<rootDir>/test/replay'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-timeout.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-timeout.ts'],
    },
  ],
};
