// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Chainlink-style price feed for the dev chain (AggregatorV3Interface plus the mock's setters).
/// Anyone may update it: it only exists on the local dev chain.
contract MockV3Aggregator {
    uint8 public immutable decimals;
    string public constant description = "MOCK / USD";
    uint256 public constant version = 4;
    uint80 public latestRound;
    mapping(uint80 => int256) public getAnswer;
    mapping(uint80 => uint256) public getTimestamp;
    mapping(uint80 => uint256) public getStartedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, int256 initialAnswer) {
        decimals = decimals_; updateAnswer(initialAnswer);
    }

    function updateAnswer(int256 answer) public {
        latestRound++;
        getAnswer[latestRound] = answer;
        getTimestamp[latestRound] = block.timestamp;
        getStartedAt[latestRound] = block.timestamp;
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }

    /// As in Chainlink's MockV3Aggregator: sets a whole round, so a test can back-date it to make the feed stale.
    function updateRoundData(uint80 roundId, int256 answer, uint256 timestamp, uint256 startedAt) public {
        latestRound = roundId;
        getAnswer[roundId] = answer;
        getTimestamp[roundId] = timestamp;
        getStartedAt[roundId] = startedAt;
        emit AnswerUpdated(answer, roundId, timestamp);
    }

    function latestAnswer() external view returns (int256) { return getAnswer[latestRound]; }

    function getRoundData(uint80 roundId) public view returns (
        uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound
    ) {
        return (roundId, getAnswer[roundId], getStartedAt[roundId], getTimestamp[roundId], roundId);
    }

    function latestRoundData() external view returns (
        uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound
    ) {
        return getRoundData(latestRound);
    }
}
