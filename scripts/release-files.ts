/**
 * What a release ships besides node_modules: no src/, no dev/, no prisma/ (migrations run from the build stage).
 * `npm run prod-smoke` installs exactly these, and the Dockerfile's runtime stage copies exactly these
 * (test/unit/container-files.test.ts holds the two together).
 */
export const SHIPPED = ['package.json', 'package-lock.json', '.npmrc', 'dist', 'config/networks.json'];
