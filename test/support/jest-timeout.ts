// Integration tests wait on real timers, chains and retries; jest's per-project testTimeout is not applied. A hang
// guard, not a speed bound (speed lives in `npm run bench`): on a machine that runs the files three times slower than
// their recorded durations, 50 payouts at once on geth passed 120 s. The unit project takes it too: its first files
// run while the integration shards start their services on the same cores, and four scrypt hashes of an admin
// password once took over jest's 5 s default there.
jest.setTimeout(300_000);
