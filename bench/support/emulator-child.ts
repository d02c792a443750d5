/**
 * An emulator in a process of its own for benchmarks that must not share the measuring
 * process's heap or event loop. Takes JSON `{ options, accounts }` as its argument, prints
 * `{ url, apiKeys }` as one JSON line, and stops when its stdin closes.
 * @module
 */
import { type EmulatorOptions, startEmulator } from 'generation-agent-toolkit-emulator';

const { options, accounts } = JSON.parse(process.argv[2] ?? '{}') as {
  options?: EmulatorOptions;
  accounts?: number;
};
const emulator = await startEmulator(options ?? {});
const apiKeys = Array.from(
  { length: accounts ?? 1 },
  () => emulator.createAccount({ credits: 100_000 }).apiKey,
);
process.stdout.write(`${JSON.stringify({ url: emulator.url, apiKeys })}\n`);
process.stdin.on('end', () => {
  void emulator.close().then(() => process.exit(0));
});
process.stdin.resume();
