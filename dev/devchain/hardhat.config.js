// Config for `hardhat node` only (node.ts): the contracts are compiled with solc-js by
// contracts.ts, so no solidity settings here. Automine: every transaction gets its own block at once (the
// second dev chain switches to interval mining after its deploy, deploy.ts).
// DEV_CHAIN_ID: the launcher starts one node per dev chain, each with its own id (default 31337).
// Same-timestamp blocks: tests mine many blocks a second, which would otherwise push chain time ahead of the clock.
// throwOnTransactionFailures off: like a real node, a reverting transaction is accepted and mined, and the revert
// shows in its receipt only (hardhat's default answers the send with an error, which no production node does).
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.DEV_CHAIN_ID || 31337),
      allowBlocksWithSameTimestamp: true,
      throwOnTransactionFailures: false,
      mining: { auto: true, interval: 0 },
    },
  },
};
