import { runCli } from '../../src/cli/main';
import { withDevEnv } from '../launcher/dev-env';
import { devCommand } from './dev';

/**
 * `npm run cli`: the provisioning CLI (src/cli/main.ts) plus the `dev` commands, with the environment that a running
 * `npm start` wrote to .data/dev.env filling what `env` does not set, so a second shell reaches the same services.
 * Answers the exit code; prints through `write` (stdout unless given), as the tests and restart-check run it in their
 * own process.
 */
export function runDevCli(argv: string[], env: NodeJS.ProcessEnv, write?: (text: string) => void): Promise<number> {
  return runCli(argv, withDevEnv(env), { dev: devCommand }, write);
}
