import pc from 'picocolors';

/** Where a command writes, and how: human text (colours only on a terminal) or JSON for scripts. */
export interface Output {
  readonly json: boolean;
  readonly interactive: boolean;
  /** Prints a JSON document (in --json mode) or nothing. */
  data(value: unknown): void;
  /** Prints a line for people (not in --json mode). */
  line(text?: string): void;
  /** A line on stderr: notes, warnings, progress that must not mix with data. */
  note(text: string): void;
  readonly colour: {
    bold(text: string): string;
    dim(text: string): string;
    green(text: string): string;
    red(text: string): string;
    yellow(text: string): string;
  };
}

export function createOutput(options: { json: boolean }): Output {
  const interactive = Boolean(process.stdout.isTTY) && !process.env.CI;
  const colours = interactive && !process.env.NO_COLOR && pc.isColorSupported;
  const paint = (fn: (text: string) => string) => (text: string) => (colours ? fn(text) : text);
  return {
    json: options.json,
    interactive,
    data(value) {
      if (options.json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    line(text = '') {
      if (!options.json) process.stdout.write(`${text}\n`);
    },
    note(text) {
      process.stderr.write(`${text}\n`);
    },
    colour: {
      bold: paint(pc.bold),
      dim: paint(pc.dim),
      green: paint(pc.green),
      red: paint(pc.red),
      yellow: paint(pc.yellow),
    },
  };
}
