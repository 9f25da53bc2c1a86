/**
 * Splits the integration files into shards of about equal running time (`npm test` runs two at once, each with its own
 * services) and runs the longest first. Seconds per file come from test/support/test-seconds.json (a past run's
 * figures: `npm test` rewrites nothing; refresh it by hand when the split drifts); a file not listed counts as 20 s.
 */
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');
const seconds = require('./test-seconds.json');

const DEFAULT_SECONDS = 20;
const weight = (test) => seconds[path.basename(test.path)] ?? DEFAULT_SECONDS;
const byWeight = (a, b) => weight(b) - weight(a) || a.path.localeCompare(b.path);

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const load = Array.from({ length: shardCount }, () => 0);
    const mine = [];
    for (const test of [...tests].sort(byWeight)) {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest] += weight(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }

  sort(tests) {
    return [...tests].sort(byWeight);
  }
}

module.exports = BalancedSequencer;
