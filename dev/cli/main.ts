import { runDevCli } from './dev-cli';

void runDevCli(process.argv.slice(2), process.env).then((code) => process.exit(code));
