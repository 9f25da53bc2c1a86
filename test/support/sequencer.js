const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

/** Seconds each integration file took in a full run (scripts/test.sh rewrites it with TEST_DURATIONS=update). */
const durations = require('./integration-durations.json');
const ROOT = path.resolve(__dirname, '../..');
/** A file not measured yet counts as a typical one. */
const UNKNOWN_SECONDS = 30;

const seconds = (test) => durations[path.relative(ROOT, test.path)] ?? UNKNOWN_SECONDS;
const longestFirst = (tests) => [...tests].sort((a, b) => seconds(b) - seconds(a) || (a.path < b.path ? -1 : 1));

/**
 * `--shard=i/n` splits the files by their measured durations (longest first, each to the least loaded shard), so the
 * shards that scripts/test.sh runs side by side end together; jest's own split hashes paths and ignores durations.
 * Each shard then runs its longest files first.
 */
class DurationSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const loads = Array.from({ length: shardCount }, () => 0);
    return longestFirst(tests).filter((test) => {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += seconds(test);
      return lightest === shardIndex - 1;
    });
  }

  sort(tests) {
    return longestFirst(tests);
  }
}

module.exports = DurationSequencer;
