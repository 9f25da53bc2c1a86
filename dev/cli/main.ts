import { runCli } from '../../src/cli/main';
import { withDevEnv } from '../launcher/dev-env';
import { devCommand } from './dev';

/**
 * `npm run cli`: the provisioning CLI (src/cli/main.ts) plus the `dev` commands, with the environment that a running
 * `npm start` wrote to .data/dev.env filling what the shell does not set, so a second shell reaches the same services.
 */
void runCli(process.argv.slice(2), withDevEnv(process.env), { dev: devCommand }).then((code) => process.exit(code));
