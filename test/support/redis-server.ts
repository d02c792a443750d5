/**
 * A real `redis-server` for the tests and the benchmark: on a free loopback port, without
 * persistence, in a temporary directory, stopped and removed after. A machine without
 * `redis-server` fails loudly rather than skipping the shared-store tests (CI installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const MISSING =
  'redis-server is not installed (or not on PATH). The Redis-backed rate-limit store is tested against a real ' +
  'server: install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`; .ci/run does this) and run again.';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when the server answers PING with PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function launch(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(MISSING) : error),
    );
    child.once('exit', (code, signal) =>
      reject(new Error(`redis-server exited early (${signal ?? code}) on port ${port}:\n${output}`)),
    );
  });
  failed.catch(() => undefined); // observed below; a late exit after stop() is not a failure
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ready = await Promise.race([ping(port), failed]);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer PING within ${READY_TIMEOUT_MS} ms:\n${output}`);
}

/** Starts a throwaway redis-server; throws a clear error when it is not installed. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'gentk-redis-'));
  let lastError: unknown;
  // The free port can be taken between probing and binding: try a few.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    try {
      const child = await launch(dir, port);
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: async () => {
          child.kill('SIGTERM');
          await exited(child);
          await rm(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error;
      if (error instanceof Error && error.message === MISSING) break;
    }
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError;
}
