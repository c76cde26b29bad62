/**
 * The fan-out bench's subscribers, in a process of their own so that the bench's traders and its
 * own bookkeeping never delay a socket's receipt. While the trades run, each socket only stamps
 * the time a frame arrives and keeps it; the frames are parsed and checked after the run, so the
 * receiving side does the least it can while the server is measured.
 *
 * `startStreamClients` forks this file; the forked process opens the sockets when told, then
 * answers `stop` with its figures.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { MarketServerMessage } from '../core/protocol/index.ts';

/** The pair every subscriber watches. */
const PAIR = 'BTC_USDT';

/** Most market sockets the server lets one address hold. */
const SOCKETS_PER_ADDRESS = 20;

/** Sockets opened at once while setting up. */
const OPENING_AT_ONCE = 20;

/** After the trades, the stream counts as done once no frame came for this long… */
const QUIET_MS = 500;

/** …or this long after the trades ended, whichever is first. */
const SETTLE_LIMIT_MS = 15_000;

/** What the subscribers saw, once parsed. */
export interface ClientFigures {
  /** Milliseconds from each trade's match time to a socket receiving it, one per delivery. */
  latencies: number[];
  /** Per trade: milliseconds from its match time to the first socket receiving it. */
  firsts: number[];
  /** Per trade: milliseconds from the first socket receiving it to the last (the fan-out). */
  spreads: number[];
  /** Book updates received (after the snapshots). */
  bookUpdates: number;
  /** Book updates whose sequence number was not the one after the previous. */
  gaps: number;
}

/** A running subscriber process. */
export interface StreamClients {
  /** Waits until the frames stop coming, then stops and resolves with what every socket got. */
  stop(): Promise<ClientFigures>;
  /** Kills the process (the bench failed). */
  kill(): void;
}

type Command = { type: 'open'; url: string; first: number; count: number } | { type: 'stop' };
type Report =
  | { type: 'ready' }
  | { type: 'figures'; figures: ClientFigures }
  | { type: 'failed'; message: string };

/** Forks a process holding `count` subscribers (sockets `first`…) and resolves once all are in. */
export async function startStreamClients(
  url: string,
  first: number,
  count: number,
): Promise<StreamClients> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const next = nextReport(child);
  child.send({ type: 'open', url, first, count } satisfies Command);
  const opened = await next;
  if (opened.type !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(opened.type === 'failed' ? opened.message : 'subscribers did not start');
  }
  return {
    async stop() {
      const answer = nextReport(child);
      child.send({ type: 'stop' } satisfies Command);
      const report = await answer;
      await exited;
      if (report.type !== 'figures') {
        throw new Error(report.type === 'failed' ? report.message : 'no figures');
      }
      return report.figures;
    },
    kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

function nextReport(child: ChildProcess): Promise<Report> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the subscriber process exited (${code})`));
    };
    const onMessage = (report: Report) => {
      child.off('exit', onExit);
      resolve(report);
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

/** One socket's frames as they arrived: receipt time and raw bytes. */
interface Received {
  at: number[];
  frames: Buffer[];
}

/** When the last frame arrived on any socket. */
let lastFrameAt = 0;

/** Opens one socket subscribed to the pair's book and trades; resolves with its log of frames. */
function subscribe(
  url: string,
  localAddress: string,
): Promise<{ socket: WebSocket; log: Received }> {
  return new Promise((resolveOpen, reject) => {
    // Frames are checked after the run, all of them: no UTF-8 check while measuring.
    const socket = new WebSocket(url, { localAddress, skipUTF8Validation: true });
    const log: Received = { at: [], frames: [] };
    let snapshots = 0;
    socket.on('open', () => {
      for (const stream of ['orders', 'trades']) {
        socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream, pair: PAIR }));
      }
    });
    socket.on('message', (data: Buffer) => {
      lastFrameAt = Date.now();
      log.at.push(lastFrameAt);
      log.frames.push(data);
      // The two snapshots come first, one frame each, before any update can.
      if (snapshots < 2 && data.includes('"snapshot":true')) {
        snapshots += 1;
        if (snapshots === 2) resolveOpen({ socket, log });
      }
    });
    socket.on('error', reject);
  });
}

/** Per trade: its match time and when the first and the last socket received it. */
type Receipts = Map<number, { matched: number; first: number; last: number }>;

/** Reads one socket's log: its trade latencies, book updates and gaps. */
function check(log: Received, figures: ClientFigures, receipts: Receipts): void {
  let sequence: number | null = null;
  log.frames.forEach((frame, index) => {
    const received = log.at[index] ?? 0;
    const parsed = JSON.parse(frame.toString('utf8')) as
      | MarketServerMessage
      | MarketServerMessage[];
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (message.type === 'book') {
        if (!message.snapshot) {
          figures.bookUpdates += 1;
          if (sequence === null || message.sequence !== sequence + 1) figures.gaps += 1;
        }
        sequence = message.sequence;
      } else if (message.type === 'trades' && !message.snapshot) {
        for (const trade of message.trades) {
          const matched = Date.parse(trade.time);
          figures.latencies.push(received - matched);
          const seen = receipts.get(trade.id);
          if (seen === undefined)
            receipts.set(trade.id, { matched, first: received, last: received });
          else {
            seen.first = Math.min(seen.first, received);
            seen.last = Math.max(seen.last, received);
          }
        }
      }
    }
  });
}

/** The forked side: opens the sockets, then reports once told to stop. */
async function serve(): Promise<void> {
  const [command] = (await once(process, 'message')) as [Command];
  if (command.type !== 'open') throw new Error('expected open');
  const opened: { socket: WebSocket; log: Received }[] = [];
  const last = command.first + command.count;
  for (let from = command.first; from < last; from += OPENING_AT_ONCE) {
    const batch = [];
    for (let i = from; i < Math.min(last, from + OPENING_AT_ONCE); i += 1) {
      // One address may hold only so many market sockets: these come from many loopback ones.
      const group = Math.floor(i / SOCKETS_PER_ADDRESS);
      const address = `127.0.${1 + Math.floor(group / 250)}.${1 + (group % 250)}`;
      batch.push(
        subscribe(command.url, address).catch((error: unknown) => {
          throw new Error(`socket ${i} from ${address}: ${String(error)}`);
        }),
      );
    }
    opened.push(...(await Promise.all(batch)));
  }
  process.send?.({ type: 'ready' } satisfies Report);
  await once(process, 'message');
  // The last trades' frames may still be on their way to some sockets.
  const limit = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() - lastFrameAt < QUIET_MS && Date.now() < limit) {
    await new Promise((wait) => setTimeout(wait, 50));
  }
  for (const { socket } of opened) socket.terminate();
  const figures: ClientFigures = {
    latencies: [],
    firsts: [],
    spreads: [],
    bookUpdates: 0,
    gaps: 0,
  };
  const receipts: Receipts = new Map();
  for (const { log } of opened) check(log, figures, receipts);
  for (const { matched, first, last } of receipts.values()) {
    figures.firsts.push(first - matched);
    figures.spreads.push(last - first);
  }
  process.send?.({ type: 'figures', figures } satisfies Report, () => process.exit(0));
}

if (process.send !== undefined && process.argv[1] === fileURLToPath(import.meta.url)) {
  serve().catch((error: unknown) => {
    process.send?.({ type: 'failed', message: String(error) } satisfies Report, () =>
      process.exit(1),
    );
  });
}
