// Integration tests wait on real timers, chains and retries; jest's per-project testTimeout is not applied.
jest.setTimeout(120_000);
