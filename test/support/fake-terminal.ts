/**
 * A terminal for tests: a writable stream that says it is a TTY and keeps the screen that the
 * bytes written to it would leave, interpreting the cursor control that Node's readline and
 * cli-progress send (cursor up/down/column, clear line, clear below). Tests read `screen()`,
 * what a person would see, instead of matching escape sequences.
 * @module
 */
import { Writable } from 'node:stream';

export interface FakeTerminal extends Writable {
  readonly isTTY: true;
  readonly columns: number;
  /** The visible lines, trailing blanks trimmed, empty last lines dropped. */
  screen(): string[];
  /** Everything written, escapes included. */
  readonly written: string;
}

// CSI sequences (ESC [ params final), or the two-byte ESC 7 / ESC 8 (save and restore cursor).
// biome-ignore lint/suspicious/noControlCharactersInRegex: reading escape sequences is the point.
const ESCAPE = /\u001b(?:\[([?\d;]*)([A-Za-z])|[78])/y;

export function createFakeTerminal(columns = 120): FakeTerminal {
  const lines: string[] = [''];
  let row = 0;
  let column = 0;
  let written = '';

  const line = () => (lines[row] ??= '');
  const put = (character: string) => {
    while (lines.length <= row) lines.push('');
    const current = line().padEnd(column, ' ');
    lines[row] = current.slice(0, column) + character + current.slice(column + 1);
    column += 1;
  };
  const control = (params: string, final: string) => {
    if (params.startsWith('?')) return; // cursor visibility, line wrapping: no effect on content
    const n = Number(params.split(';')[0] || (final === 'K' || final === 'J' ? 0 : 1));
    switch (final) {
      case 'A':
        row = Math.max(0, row - n);
        break;
      case 'B':
        row += n;
        break;
      case 'C':
        column += n;
        break;
      case 'D':
        column = Math.max(0, column - n);
        break;
      case 'G':
        column = n - 1;
        break;
      case 'K':
        if (n === 0) lines[row] = line().slice(0, column);
        else if (n === 1) lines[row] = ' '.repeat(column) + line().slice(column);
        else lines[row] = '';
        break;
      case 'J':
        lines[row] = line().slice(0, column);
        lines.length = Math.min(lines.length, row + 1);
        break;
      default:
        throw new Error(`the fake terminal does not know ESC [ ${params} ${final}`);
    }
  };
  const interpret = (text: string) => {
    let index = 0;
    while (index < text.length) {
      ESCAPE.lastIndex = index;
      const match = ESCAPE.exec(text);
      if (match) {
        if (match[2]) control(match[1] ?? '', match[2]);
        index = ESCAPE.lastIndex;
        continue;
      }
      const character = text[index++] as string;
      if (character === '\n') {
        row += 1;
        column = 0;
      } else if (character === '\r') column = 0;
      else put(character);
    }
  };

  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = chunk.toString();
      written += text;
      interpret(text);
      callback();
    },
  });
  return Object.defineProperties(stream, {
    isTTY: { value: true },
    columns: { value: columns },
    screen: {
      value: () => {
        const visible = lines.map((text) => text.trimEnd());
        while (visible.length > 0 && visible.at(-1) === '') visible.pop();
        return visible;
      },
    },
    written: { get: () => written },
  }) as FakeTerminal;
}
