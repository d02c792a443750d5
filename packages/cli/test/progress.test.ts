import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress } from '../../../src/jobs/index.js';
import { createFakeTerminal } from '../../../test/support/fake-terminal.js';
import type { Output } from '../src/output.js';
import { createProgressBoard, PROGRESS_TICK_MS } from '../src/progress.js';

const plain = (text: string) => text;

function outputOf(mode: { interactive: boolean; json?: boolean }): Output {
  return {
    json: mode.json ?? false,
    interactive: mode.interactive,
    data() {},
    line() {},
    note() {},
    colour: { bold: plain, dim: plain, green: plain, red: plain, yellow: plain },
  };
}

const running = (elapsedMs: number, etaMs?: number, attempt = 0): JobProgress => ({
  status: 'processing',
  requestId: 'r1',
  elapsedMs,
  attempt,
  ...(etaMs !== undefined ? { etaMs } : {}),
});
const done = (elapsedMs: number, attempt: number): JobProgress => ({
  status: 'success',
  requestId: 'r1',
  elapsedMs,
  attempt,
});

const video = { key: 'video r1', label: 'video' };

/** A log stream that is not a terminal. */
function logStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, lines };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress on a terminal', () => {
  it('advances the elapsed time and the bar every second between polls, from the service eta', () => {
    const terminal = createFakeTerminal();
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    board.report(video, running(0, 10_000));
    expect(terminal.screen()).toEqual(['video [░░░░░░░░░░░░░░░░░░░░]   0% | 0s elapsed, about 10s left']);
    const seen: string[] = [];
    for (let second = 1; second <= 4; second += 1) {
      vi.advanceTimersByTime(PROGRESS_TICK_MS);
      seen.push(...terminal.screen());
    }
    expect(seen).toEqual([
      'video [██░░░░░░░░░░░░░░░░░░]  10% | 1s elapsed, about 9s left',
      'video [████░░░░░░░░░░░░░░░░]  20% | 2s elapsed, about 8s left',
      'video [██████░░░░░░░░░░░░░░]  30% | 3s elapsed, about 7s left',
      'video [████████░░░░░░░░░░░░]  40% | 4s elapsed, about 6s left',
    ]);
    board.stop();
  });

  it('never shows more than 99 % before the job ends, nor goes back when a later eta is longer', () => {
    const terminal = createFakeTerminal();
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    board.report(video, running(0, 5_000));
    vi.advanceTimersByTime(9_000);
    expect(terminal.screen()).toEqual(['video [███████████████████░]  99% | 9s elapsed, due now']);
    // The poll says 20 s more: the bar holds at 99 % rather than dropping to a third.
    board.report(video, running(9_000, 20_000, 1));
    vi.advanceTimersByTime(PROGRESS_TICK_MS);
    expect(terminal.screen()).toEqual(['video [███████████████████░]  99% | 10s elapsed, about 19s left']);
    board.report(video, done(31_000, 2));
    expect(terminal.screen()).toEqual(['video [████████████████████] 100% | done in 31s']);
  });

  it('gives two jobs running at once a line each, and prints other text above them', () => {
    const terminal = createFakeTerminal();
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    const dusk = { key: 'image a', label: 'image a' };
    const dawn = { key: 'image b', label: 'image b' };
    board.report(dusk, running(0, 4_000));
    board.report(dawn, running(0, 8_000));
    vi.advanceTimersByTime(2 * PROGRESS_TICK_MS);
    expect(terminal.screen()).toEqual([
      'image a [██████████░░░░░░░░░░]  50% | 2s elapsed, about 2s left',
      'image b [█████░░░░░░░░░░░░░░░]  25% | 2s elapsed, about 6s left',
    ]);
    // What the transcript prints meanwhile (here on the same stream) goes above the live lines.
    board.aside(() => terminal.write('← result of something else\n'));
    vi.advanceTimersByTime(PROGRESS_TICK_MS);
    expect(terminal.screen()).toEqual([
      '← result of something else',
      'image a [███████████████░░░░░]  75% | 3s elapsed, about 1s left',
      'image b [███████░░░░░░░░░░░░░]  37% | 3s elapsed, about 5s left',
    ]);
    board.report(dusk, { ...done(4_000, 1), requestId: 'a' });
    board.report(dawn, { ...done(8_500, 1), requestId: 'b' });
    expect(terminal.screen()).toEqual([
      '← result of something else',
      'image a [████████████████████] 100% | done in 4s',
      'image b [████████████████████] 100% | done in 8s',
    ]);
  });

  it('says so when the service gives no eta, and still counts the seconds', () => {
    const terminal = createFakeTerminal();
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    board.report(video, running(1_500));
    vi.advanceTimersByTime(PROGRESS_TICK_MS);
    expect(terminal.screen()).toEqual(['video [░░░░░░░░░░░░░░░░░░░░]  --% | 2s elapsed, no estimate yet']);
    board.stop();
  });

  it('cuts live lines to the width of the terminal rather than switching its wrapping off', () => {
    const terminal = createFakeTerminal(40);
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    board.report(video, running(0, 10_000));
    expect(terminal.screen()).toEqual(['video [░░░░░░░░░░░░░░░░░░░░]   0% | 0s e']);
    board.stop();
    expect(terminal.written).not.toContain('\u001b[?7l');
    expect(terminal.written).not.toContain('\u001b[?25l');
  });

  it('leaves no timer behind when the jobs end or the board stops', () => {
    const terminal = createFakeTerminal();
    const board = createProgressBoard(outputOf({ interactive: true }), { stream: terminal });
    board.report(video, running(0, 60_000));
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    board.report(video, done(1_000, 1));
    expect(vi.getTimerCount()).toBe(0);
    board.report({ key: 'other', label: 'other' }, running(0, 60_000));
    board.stop();
    board.stop();
    expect(vi.getTimerCount()).toBe(0);
    // Stopped while running, the line stays where the job stood.
    expect(terminal.screen()).toEqual([
      'video [████████████████████] 100% | done in 1s',
      'other [░░░░░░░░░░░░░░░░░░░░]   0% | 0s elapsed, about 1m 00s left',
    ]);
  });
});

describe('progress in a log', () => {
  for (const mode of [
    { name: 'on a pipe', output: outputOf({ interactive: false }), tty: false },
    { name: 'with --json on a terminal', output: outputOf({ interactive: true, json: true }), tty: true },
  ]) {
    it(`writes plain lines ${mode.name}: one per change of status, else one every 10 s`, () => {
      const { stream, lines } = logStream();
      Object.assign(stream, { isTTY: mode.tty });
      const board = createProgressBoard(mode.output, { stream });
      board.report(video, running(0, 30_000));
      vi.advanceTimersByTime(9 * PROGRESS_TICK_MS);
      board.report(video, running(9_000, 21_000, 1));
      vi.advanceTimersByTime(PROGRESS_TICK_MS);
      vi.advanceTimersByTime(11 * PROGRESS_TICK_MS);
      board.report(video, done(25_000, 2));
      expect(lines).toEqual([
        'video: processing, 0s elapsed, about 30s left, poll 0',
        'video: processing, 10s elapsed, about 20s left, poll 1',
        'video: processing, 20s elapsed, about 10s left, poll 1',
        'video: success, done in 25s, poll 2',
      ]);
      expect(lines.join('\n')).not.toContain('\u001b');
      expect(vi.getTimerCount()).toBe(0);
    });
  }

  it('keeps concurrent jobs apart by their labels', () => {
    const { stream, lines } = logStream();
    const board = createProgressBoard(outputOf({ interactive: false }), { stream });
    board.report({ key: 'a', label: 'image (a)' }, running(0, 4_000));
    board.report({ key: 'b', label: 'image (b)' }, running(0, 4_000));
    expect(lines).toEqual([
      'image (a): processing, 0s elapsed, about 4s left, poll 0',
      'image (b): processing, 0s elapsed, about 4s left, poll 0',
    ]);
    board.stop();
  });
});
