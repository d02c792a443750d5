/**
 * MCP: what one video costs each kind of client until its result: tool calls (and tasks/get
 * polls), progress notifications and service time, for a job of about 70 s and one of about
 * two minutes. The clients: an SDK 1.x client (2025-11-25, no Tasks, the usual 60 s request
 * timeout), an SDK 2.x client pinned to 2026-07-28 without Tasks, an SDK 1.x client that resets
 * its timeout on progress and says so (the server then waits up to 10 minutes within one call),
 * and the official ext-tasks client. The server is `serveMcpHttp` on loopback with its defaults (a 50 s wait, progress at
 * least every 5 s, task polls at most 30 s apart); the emulator, the session and the clients'
 * timers share one clock running {@link SCALE} times wall time, so minutes take seconds.
 *
 * Run: npx tsx bench/mcp.ts (or `npm run bench -- --only mcp`)
 * @module
 */
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { createMcpServerFactory, serveMcpHttp } from '../src/adapters/mcp.js';
import { connect } from '../src/index.js';
import { createScaledClock, type ScaledClock } from './mcp/scaled-clock.js';
import {
  legacyClientRun,
  modernClientRun,
  resettingClientRun,
  TOOL,
  tasksClientRun,
  type VideoRun,
} from './mcp/video-clients.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

/**
 * Real seconds per service second: a two-minute video takes 4.8 s, and the 10 s between the
 * server's 50 s wait and a client's 60 s timeout are 0.4 s of real slack.
 */
const SCALE = 0.04;

const JOBS = [70, 120] as const;

/** Most calls a client without Tasks may need: two for 70 s, three for two minutes. */
const CALL_TARGET: Record<(typeof JOBS)[number], number> = { 70: 2, 120: 3 };

const CLIENTS: ReadonlyArray<{
  readonly label: string;
  readonly tasks: boolean;
  /** Says it resets its timeout on progress: one call, whatever the job's length. */
  readonly resets?: boolean;
  readonly run: (url: string, clock: ScaledClock) => Promise<VideoRun>;
}> = [
  { label: 'SDK 1.x client, 2025-11-25, 60 s timeout', tasks: false, run: legacyClientRun },
  { label: 'SDK 2.x client, 2026-07-28, no tasks', tasks: false, run: modernClientRun },
  {
    label: 'SDK 1.x client resetting its timeout on progress',
    tasks: false,
    resets: true,
    run: resettingClientRun,
  },
  { label: 'ext-tasks client, 2026-07-28', tasks: true, run: tasksClientRun },
];

/** One video of `seconds` for one client, on an emulator, session and server of its own. */
async function measure(seconds: number, client: (typeof CLIENTS)[number]): Promise<VideoRun> {
  const clock = createScaledClock(SCALE);
  const emulator = await startEmulator({ clock, jobDurations: { video: seconds } });
  const account = emulator.createAccount({ credits: 100 });
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    operations: { surfaces: ['generation'] },
    http: { clock },
  });
  const listener = await serveMcpHttp(
    createMcpServerFactory(session, {
      mode: 'typed',
      include: { ids: [TOOL] },
      // The notifier's timer is the one real-time timer of the server: scaled like the rest.
      progressIntervalMs: clock.realMs(5_000),
    }),
  );
  try {
    return await client.run(listener.url, clock);
  } finally {
    await listener.close();
    await session.close();
    await emulator.close();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function run(): Promise<BenchSection> {
  // A short job first, unmeasured: loading and compiling the clients would eat the slack.
  await Promise.all(CLIENTS.map((client) => measure(5, client)));
  const figures: BenchFigure[] = [];
  for (const seconds of JOBS) {
    // The clients run side by side, each on its own emulator, session and server.
    const results = await Promise.all(CLIENTS.map((client) => measure(seconds, client)));
    for (const [index, client] of CLIENTS.entries()) {
      const result = results[index] as VideoRun;
      const label = `${seconds} s video, ${client.label}`;
      figures.push(
        client.tasks
          ? figure({
              name: `${label}: tools/call + tasks/get`,
              value: result.toolCalls + result.taskPolls,
              unit: 'requests',
              note: `${result.toolCalls} tools/call, ${result.taskPolls} tasks/get`,
              pass: result.succeeded && result.toolCalls === 1,
            })
          : figure({
              name: `${label}: tool calls`,
              value: result.toolCalls,
              unit: 'calls',
              baseline: { name: 'at most', value: client.resets ? 1 : CALL_TARGET[seconds] },
              note: `${result.timeouts} timed out; a model resumes at once`,
              pass:
                result.succeeded &&
                result.timeouts === 0 &&
                result.toolCalls <= (client.resets ? 1 : CALL_TARGET[seconds]),
            }),
        figure({
          name: `${label}: progress notifications`,
          value: result.progressNotifications,
          unit: 'notifications',
        }),
        figure({
          name: `${label}: time to result`,
          value: round(result.serviceSeconds),
          unit: 's (service)',
          baseline: { name: 'the job', value: seconds },
          pass: result.succeeded,
        }),
      );
    }
  }
  return { id: 'mcp', title: 'MCP long jobs', figures };
}

await runDirectly(import.meta.url, run);
