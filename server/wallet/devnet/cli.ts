/**
 * `npm run devnet -- send <ASSET> <address> <amount> [--network ID] [--tag N] [--server URL]`:
 * sends devnet test coins to any address through the running server's faucet (devnet.send), so
 * the server stays the only process that opens its database. The server is found at HOST and
 * PORT, as `npm start` reads them, unless --server names it.
 */
import { parseArgs } from 'node:util';
import { API_PATH, type Reply } from '../../../core/protocol/index.ts';
import { ConfigError, loadConfig } from '../../config.ts';

const USAGE = `Usage: npm run devnet -- send <ASSET> <address> <amount> [--network ID] [--tag N] [--server URL]
  Sends devnet test coins (worthless, devnet only) through the running server's faucet.
  Example: npm run devnet -- send BTC bc1q... 0.005`;

function exit(code: number, message: string): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

function serverUrl(given: string | undefined): string {
  if (given !== undefined) return given;
  try {
    const { host, port } = loadConfig(process.env);
    // A server listening on every interface is reached on this machine's loopback.
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  } catch (error) {
    if (error instanceof ConfigError) exit(2, `Configuration error: ${error.message}`);
    throw error;
  }
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        network: { type: 'string' },
        tag: { type: 'string' },
        server: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return exit(2, `${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();

if (values.help === true) exit(0, USAGE);
const [command, asset, address, amount, ...extra] = positionals;
if (command !== 'send' || asset === undefined || address === undefined || amount === undefined) {
  exit(2, USAGE);
}
if (extra.length > 0) exit(2, `Unexpected: ${extra.join(' ')}\n${USAGE}`);

const server = serverUrl(values.server);
const body = {
  method: 'devnet.send',
  token: '',
  subId: '',
  asset: asset.toUpperCase(),
  address,
  amount,
  ...(values.network === undefined ? {} : { network: values.network.toUpperCase() }),
  ...(values.tag === undefined ? {} : { tag: values.tag }),
};

let reply: Reply<'devnet.send'>;
try {
  const response = await fetch(new URL(API_PATH, server), {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  });
  reply = (await response.json()) as Reply<'devnet.send'>;
} catch {
  exit(
    1,
    `No exchange server answers at ${server}: start it with npm start (the devnet lives in its database), or name it with --server.`,
  );
}
if (!reply.status) exit(1, reply.error_msg);
const { sent } = reply;
exit(
  0,
  [
    sent.note,
    `Transaction: ${sent.txHash}`,
    `To: ${sent.address}${sent.tag === null ? '' : ` (tag ${sent.tag})`}`,
  ].join('\n'),
);
