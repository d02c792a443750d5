/**
 * Results that show themselves: a session's results, pending jobs, estimates and budgets, a tool
 * set and a service description carry a Jupyter MIME bundle and a short plain text, without
 * changing them as data. Run against the emulator; the kernels are the globals Deno's kernel and
 * tslab define, stood in for here (the real kernels run in test/examples).
 */
import { inspect } from 'node:util';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaLoader } from '../../src/display/media-loader.js';
import { createDownloadPolicy } from '../../src/http/download-policy.js';
import { connect, createToolSpecs, type Session } from '../../src/index.js';
import { displayInNotebook, type MimeBundle, mimeBundleOf, notebookProgress } from '../../src/notebook.js';

const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal codes are what is looked for
const TERMINAL_CODES = /\u001b\[/;

let emulator: Emulator;
let apiKey: string;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator({ timeScale: 0.001 });
  apiKey = emulator.createAccount({ credits: 25 }).apiKey;
  session = await connect({
    baseUrl: emulator.url,
    apiKey,
    operations: { ids: ['v7_images_text_to_image', 'v8_audio_text_to_speech', 'v8_video_text_to_video'] },
  });
});
afterAll(async () => {
  await session?.close();
  await emulator?.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Deno's kernel as the code sees it: `Deno.jupyter` with `display` and `broadcast`. */
function standInDenoKernel() {
  const sent: Array<{ bundle: MimeBundle; options: { display_id?: string; update?: boolean } }> = [];
  vi.stubGlobal('Deno', {
    jupyter: {
      broadcast: async () => undefined,
      display: async (bundle: MimeBundle, options: { display_id?: string; update?: boolean }) => {
        sent.push({ bundle, options });
      },
    },
  });
  return sent;
}

describe('a finished call', () => {
  it('shows its image embedded, a short table and its URL; as data it is unchanged', async () => {
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    expect(Object.keys(result)).not.toContain(JUPYTER_DISPLAY);
    expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(JSON.stringify({ ...result })));
    const bundle = (await mimeBundleOf(result)) as MimeBundle;
    expect(Object.keys(bundle).sort()).toEqual(['image/png', 'text/html', 'text/plain']);
    expect(
      Buffer.from(bundle['image/png'] as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(bundle['text/html']).toMatch(/<img src="data:image\/png;base64,/);
    for (const label of ['operation', 'status', 'time', 'cost'])
      expect(bundle['text/html']).toContain(`>${label}<`);
    expect(bundle['text/plain']).toContain(
      (result.status === 'success' && result.outputs[0]?.url) || 'no url',
    );
    expect(bundle['text/plain']).not.toMatch(TERMINAL_CODES);
    // No secret of the session in any of it.
    expect(JSON.stringify(bundle)).not.toContain(apiKey);
  });

  it('prints as a few readable lines in a console, not a dump of the object', async () => {
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    const printed = inspect(result, { colors: true });
    expect(printed).not.toMatch(TERMINAL_CODES);
    expect(printed.split('\n').length).toBeLessThan(12);
    expect(printed).toMatch(
      /^v7_images_text_to_image: 1 file\n {2}operation +v7_images_text_to_image\n {2}status +success/,
    );
  });

  it('shows audio with a player', async () => {
    const result = await session.call('v8_audio_text_to_speech', { prompt: 'good night' });
    const bundle = (await mimeBundleOf(result)) as MimeBundle;
    expect(bundle['text/html']).toMatch(/<audio controls src="data:audio\/[a-z0-9]+;base64,/);
  });
});

describe('a pending job', () => {
  it('shows its job, eta and how to resume it', async () => {
    const pending = await session.call(
      'v8_video_text_to_video',
      { model_id: 'veo-3', prompt: 'waves' },
      { wait: false },
    );
    expect(pending.status).toBe('processing');
    const text = inspect(pending);
    expect(text).toContain(`job           ${String(pending.requestId)}`);
    expect(text).toMatch(/eta +about /);
    expect(text).toContain('session.resume(handle)');
    expect(text).toContain(`session.resumeById('v8_video_text_to_video'`);
    // Still the plain JSON handle it always was.
    const handle = JSON.parse(JSON.stringify(pending));
    expect(handle).toMatchObject({ status: 'processing', requestId: pending.requestId });
    const finished = await session.resume(handle);
    expect((await mimeBundleOf(finished))?.['text/html']).toMatch(
      /<video controls src="data:video\/mp4;base64,/,
    );
  });
});

describe('summaries', () => {
  it('an estimate shows its amount and basis', async () => {
    const estimate = await session.estimate('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a',
      samples: 2,
    });
    expect(inspect(estimate)).toMatch(
      /^Estimate: \$0\.004\n {2}amount +\$0\.004\n {2}basis +2 images × \$0\.002/,
    );
  });

  it('a tool set and a service description show compact summaries', () => {
    const set = createToolSpecs(session);
    expect(inspect(set)).toMatch(/^Tool set: 4 tools \(auto; 3 typed/);
    const described = inspect(session.service);
    expect(described).toMatch(/^Service at http:\/\/127\.0\.0\.1:\d+\/?: \d+ operations/);
    expect(described.length).toBeLessThan(1500);
  });
});

describe('embedding under the download policy', () => {
  it('links a file the policy refuses, and one over the stated size, without embedding it', async () => {
    const fetched: string[] = [];
    const load = createMediaLoader({
      policy: createDownloadPolicy({ serviceUrl: emulator.url }),
      fetch: async (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      },
      maxBytes: 16,
    });
    expect(await load('http://169.254.169.254/latest/meta-data.png')).toMatchObject({
      refusal: expect.stringContaining('downloadOrigins'),
    });
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    const url = result.status === 'success' ? (result.outputs[0]?.url ?? '') : '';
    expect(await load(url)).toEqual({ refusal: 'it is larger than the 16 bytes a notebook embeds' });
    expect(fetched).toEqual([url]);
  });
});

describe('in a notebook kernel', () => {
  it("Deno's kernel: the view goes out as the cell's display, the value's own result is its title", async () => {
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    const sent = standInDenoKernel();
    const shown = await (result as unknown as Record<symbol, () => Promise<MimeBundle>>)[JUPYTER_DISPLAY]?.();
    expect(shown).toEqual({ 'text/plain': 'v7_images_text_to_image: 1 file' });
    expect(sent.at(-1)?.bundle['image/png']).toBeDefined();
  });

  it("Deno's kernel: a wait shows one progress line, updated in place", async () => {
    const sent = standInDenoKernel();
    await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    const progress = sent.filter((entry) => entry.options.display_id?.startsWith('gentk-progress-'));
    expect(progress.length).toBeGreaterThan(1);
    expect(new Set(progress.map((entry) => entry.options.display_id)).size).toBe(1);
    expect(progress.map((entry) => entry.options.update)).toEqual([
      false,
      ...progress.slice(1).map(() => true),
    ]);
    expect(progress.at(-1)?.bundle['text/plain']).toMatch(
      /^✓ job \S+ finished after \d+\.\d s · \d+ polls?$/,
    );
  });

  it('tslab: displayInNotebook sends the HTML, and progress updates one display', async () => {
    const html: string[] = [];
    const updates: string[] = [];
    vi.stubGlobal('__tslab__', {
      require: (id: string) =>
        id === 'tslab'
          ? {
              display: { html: (text: string) => html.push(text), text: () => undefined },
              newDisplay: () => ({ html: (text: string) => updates.push(text), text: () => undefined }),
            }
          : undefined,
    });
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    await displayInNotebook(result);
    expect(html.at(-1)).toMatch(/<img src="data:image\/png;base64,/);
    expect(updates.at(-1)).toMatch(/^<code>✓ job/);
  });

  it('under `deno run`, where reading Deno.jupyter throws, there is no kernel and the call succeeds', async () => {
    vi.stubGlobal('Deno', {
      get jupyter(): never {
        throw new Error('Deno.jupyter is only available in `deno jupyter` subcommand');
      },
    });
    const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
    expect(result).toMatchObject({ status: 'success', outputs: [expect.anything()] });
    expect(await displayInNotebook(result)).toBeUndefined();
  });

  it('outside a kernel, notebookProgress writes a plain line per change, and a call shows none by itself', async () => {
    const lines: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await session.call(
        'v7_images_text_to_image',
        { model_id: 'flux-dev', prompt: 'a kite' },
        { onProgress: notebookProgress({ write: (line) => lines.push(line) }) },
      );
      await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });
      expect(errors).not.toHaveBeenCalled();
      expect(logs).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
    expect(lines.at(-1)).toMatch(/^✓ job \S+ finished after/);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
