/**
 * A long-running driver (the crash campaign, the soak) starts services as child processes and stops them in a
 * `finally`. An error no `finally` sees (a rejection nothing awaits, thrown by a library's timer) would end the process
 * at once and leave them running beside whatever runs next. `stopOnCrash(stop)` runs `stop` first on such an error
 * and then exits 1; the function it returns withdraws it once the driver has stopped them itself.
 */
export function stopOnCrash(stop: () => Promise<void>, log: (msg: string) => void = console.error): () => void {
  const crash = (err: unknown) => {
    withdraw();
    log(`crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}; stopping the services it started`);
    stop().then(
      () => process.exit(1),
      (stopErr: unknown) => {
        log(`stopping the services failed: ${String(stopErr)}`);
        process.exit(1);
      },
    );
  };
  const withdraw = () => {
    process.off('unhandledRejection', crash);
    process.off('uncaughtException', crash);
  };
  process.on('unhandledRejection', crash);
  process.on('uncaughtException', crash);
  return withdraw;
}
