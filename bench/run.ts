/** `npm run bench`: measures the codec and the API, prints the figures and writes them to docs/measurements.md. */
import { cpus } from 'node:os';
import { attachmentsTable, benchAttachments } from './attachments.ts';
import { benchCluster, clusterTable } from './cluster.ts';
import { benchCodec } from './codec.ts';
import { benchDemoPast, demoPastTable } from './demoPast.ts';
import { benchEngine, engineTable } from './engine.ts';
import { benchForwarding, forwardingTable } from './forwarding.ts';
import { benchHttp } from './http.ts';
import { benchIdle, idleTable } from './idle.ts';
import { benchLighthouse, lighthouseTable } from './lighthouse.ts';
import { benchLimits, limitsTable } from './limits.ts';
import { benchLongTasks, longTasksTable } from './longTasks.ts';
import { benchMarketFeed, marketFeedTable } from './marketFeed.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { benchReserves, reservesTable } from './reserves.ts';
import { benchRouteChange, routeChangeTable } from './routeChange.ts';
import { benchSiteLoad, siteLoadTable } from './siteLoad.ts';
import { benchSocket } from './socket.ts';
import { benchAllSocketOrders, socketOrdersTable } from './socketOrders.ts';
import { benchSpot, spotTables } from './spot.ts';
import { benchSpreadOrders, spreadOrdersTable } from './spreadOrders.ts';
import { benchStreams, streamsTable } from './streams.ts';
import { benchSwapQuotes, swapTable } from './swap.ts';
import { benchWalletFaults, walletFaultsTable } from './walletFaults.ts';
import { benchWidgets, widgetTable } from './widgets.ts';

const machine = `${cpus().length} cores, Node ${process.versions.node}`;
const kb = (bytes: number) => `${bytes.toLocaleString('en-US')} B`;
const ms = (value: number) => `${value.toFixed(3)} ms`;

const codec = benchCodec(1000);
const [spec, compact] = codec.pipelines;
const codecTable = [
  `Codec pipelines on a ${kb(codec.jsonBytes)} JSON body (median round trip of 1,000; ${machine}).`,
  `For reference, gzip -9 of the raw JSON is ${kb(codec.gzipBytes)}.`,
  '',
  '| pipeline | bytes out | round trip |',
  '|---|---|---|',
  ...codec.pipelines.map((p) => `| ${p.name} | ${kb(p.bytes)} | ${ms(p.roundTripMs)} |`),
  '',
  spec && compact
    ? `The compact pipeline is ${(spec.bytes / compact.bytes).toFixed(1)}x smaller and ${(spec.roundTripMs / compact.roundTripMs).toFixed(1)}x faster.`
    : '',
].join('\n');
console.log(codecTable);
writeMeasurements('codec', codecTable);
await import('./packages.ts').then((bench) => bench.reportPackages(machine));

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const http = await benchHttp(seconds);
const httpTable = [
  `\`users.getInfo\` for a signed-in user on one server (embedded database), autocannon with 10`,
  `connections for ${seconds} s each (${machine}).`,
  '',
  '| body | requests/s | p50 | p99 |',
  '|---|---|---|---|',
  ...[http.json, http.codec].map(
    (r) =>
      `| ${r.name} | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${r.p50Ms} ms | ${r.p99Ms} ms |`,
  ),
  '',
  `Throughput through the codec is ${http.ratio.toFixed(2)}x that of plain JSON.`,
].join('\n');
console.log(`\n${httpTable}`);
writeMeasurements('http', httpTable);

const routeChange = routeChangeTable(await benchRouteChange(seconds), seconds, machine);
console.log(`\n${routeChange}`);
writeMeasurements('routechange', routeChange);

const idleSeconds = 60;
const idle = idleTable(await benchIdle(idleSeconds), idleSeconds, machine);
console.log(`\n${idle}`);
writeMeasurements('idle', idle);

const demoPast = demoPastTable(await benchDemoPast(), machine);
console.log(`\n${demoPast}`);
writeMeasurements('demopast', demoPast);

const limitCalls = 2000;
const limits = limitsTable(await benchLimits(limitCalls), limitCalls, machine);
console.log(`\n${limits}`);
writeMeasurements('limits', limits);

const lighthouseFigures = await benchLighthouse();
const lighthouseText = lighthouseTable(lighthouseFigures, machine);
console.log(`\n${lighthouseText}`);
writeMeasurements('lighthouse', lighthouseText);

const siteLoad = siteLoadTable(await benchSiteLoad(), machine);
console.log(`\n${siteLoad}`);
writeMeasurements('siteload', siteLoad);

const socket = await benchSocket(1000, 50, seconds);
const socketTable = [
  `Support socket on one server (embedded database), loopback: ${socket.connections.toLocaleString('en-US')}`,
  `client connections plus one staff connection, client messages at ${socket.ratePerSecond}/s for`,
  `${socket.seconds} s; latency is from a client's send to the staff socket receiving it, stored`,
  `first (${machine}).`,
  '',
  '| connections held | messages sent | delivered | p50 | p99 |',
  '|---|---|---|---|---|',
  `| ${socket.held.toLocaleString('en-US')} of ${socket.connections.toLocaleString('en-US')} | ${socket.sent} | ${socket.delivered} | ${socket.p50Ms} ms | ${socket.p99Ms} ms |`,
].join('\n');
console.log(`\n${socketTable}`);
writeMeasurements('socket', socketTable);

const widgets = await benchWidgets(15);
const widgetText = widgetTable(widgets, machine);
console.log(`\n${widgetText}`);
writeMeasurements('widgets', widgetText);

const engine = benchEngine();
const engineText = engineTable(engine, machine);
console.log(`\n${engineText}`);
writeMeasurements('engine', engineText);

const swapQuotes = swapTable(await benchSwapQuotes(), machine);
console.log(`\n${swapQuotes}`);
writeMeasurements('swap', swapQuotes);

const attachments = attachmentsTable(await benchAttachments(), machine);
console.log(`\n${attachments}`);
writeMeasurements('attachments', attachments);

const reserves = reservesTable(await benchReserves(), machine);
console.log(`\n${reserves}`);
writeMeasurements('reserves', reserves);

const spot = spotTables(await benchSpot(256, seconds, 10), machine);
console.log(`\n${spot.placement}\n\n${spot.faults}`);
writeMeasurements('placement', spot.placement);
writeMeasurements('faults', spot.faults);

const socketOrders = socketOrdersTable(await benchAllSocketOrders(256, seconds), machine);
console.log(`\n${socketOrders}`);
writeMeasurements('socketorders', socketOrders);

const walletFaults = walletFaultsTable(await benchWalletFaults(10), machine);
console.log(`\n${walletFaults}`);
writeMeasurements('walletfaults', walletFaults);

const streams = streamsTable(await benchStreams(1000, seconds, 20), machine);
console.log(`\n${streams}`);
writeMeasurements('streams', streams);

// Several servers on one PostgreSQL: what being a cluster costs.
const followerStreams = streamsTable(await benchStreams(1000, seconds, 20, 'a follower'), machine);
console.log(`\n${followerStreams}`);
writeMeasurements('streamsfollower', followerStreams);

const cluster = clusterTable(await benchCluster(seconds), seconds, machine);
console.log(`\n${cluster}`);
writeMeasurements('cluster', cluster);

const forwarding = forwardingTable(await benchForwarding(500, [1, 10]), machine);
console.log(`\n${forwarding}`);
writeMeasurements('forwarding', forwarding);

const spread = spreadOrdersTable(await benchSpreadOrders(400, [1, 10]), machine);
console.log(`\n${spread}`);
writeMeasurements('spread', spread);

const feed = marketFeedTable(await benchMarketFeed(200, 200, 2_000), 200, 200, 2_000, machine);
console.log(`\n${feed}`);
writeMeasurements('replica', feed);

const longTasks = longTasksTable(await benchLongTasks(30), machine);
console.log(`\n${longTasks}`);
writeMeasurements('longtasks', longTasks);
