/**
 * The test chain's USDT: TestUSDT.sol compiled with solc (the Solidity compiler, from npm) against
 * OpenZeppelin's ERC-20, then deployed from the given key, which receives the whole supply.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import { type Abi, createWalletClient, type Hex, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'TestUSDT.sol');

/** The compiled contract: its interface and creation code. */
function compile(): { abi: Abi; bytecode: Hex } {
  const require = createRequire(import.meta.url);
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDT.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { TestUSDT: ['abi', 'evm.bytecode.object'] } },
    },
  };
  // Imports such as "@openzeppelin/contracts/…" are read from node_modules.
  const findImports = (path: string) => ({ contents: readFileSync(require.resolve(path), 'utf8') });
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  }
  const contract = output.contracts['TestUSDT.sol'].TestUSDT;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** Deploys a TestUSDT with `supply` minor units (6 decimals) and resolves with its address. */
export async function deployTestUsdt(rpcUrl: string, deployerKey: Hex, supply: bigint) {
  const { abi, bytecode } = compile();
  const client = createWalletClient({
    account: privateKeyToAccount(deployerKey),
    transport: http(rpcUrl),
  }).extend(publicActions);
  const hash = await client.deployContract({ abi, bytecode, args: [supply], chain: null });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.contractAddress == null) throw new Error('TestUSDT was not deployed');
  return receipt.contractAddress;
}
