// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An ERC-20 whose transfer burns `extraGas` more than a plain one (a fee-on-transfer or hook-heavy token, or a network
/// that prices storage higher), and that an owner can pause (transfers revert). Dev and tests only: open mint.
contract HeavyToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public immutable extraGas;
    bool public paused;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 extraGas_) {
        name = name_; symbol = symbol_; decimals = decimals_; extraGas = extraGas_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount; balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function setPaused(bool paused_) external {
        paused = paused_;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(!paused, "paused");
        uint256 start = gasleft();
        while (start - gasleft() < extraGas) {}
        require(balanceOf[msg.sender] >= amount, "balance");
        unchecked { balanceOf[msg.sender] -= amount; }
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
