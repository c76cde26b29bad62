// SPDX-License-Identifier: MIT
// A stand-in for Tether's USDT on a test chain: OpenZeppelin's ERC-20 with USDT's 6 decimals, its
// whole supply minted to whoever deploys it (the exchange's hot wallet in the tests).
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestUSDT is ERC20 {
    constructor(uint256 supply) ERC20("Tether USD (test chain)", "USDT") {
        _mint(msg.sender, supply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}
