/**
 * The notebook kernel the code runs in, if any, found by what each kernel puts in the global scope
 * (nothing to configure): Deno's kernel defines `Deno.jupyter`, tslab defines `__tslab__`, whose
 * `require('tslab')` is tslab's own display API. Anywhere else there is no kernel, and nothing is
 * displayed.
 * @module
 */
import type { MimeBundle } from './mime-bundle.js';

/** Sends a bundle as one output of the running cell; with `displayId`, later sends replace it. */
export interface NotebookKernel {
  readonly name: 'deno' | 'tslab';
  show(bundle: MimeBundle, displayId?: string): Promise<void>;
}

interface DenoJupyter {
  display(bundle: unknown, options: { raw: boolean; display_id?: string; update?: boolean }): Promise<void>;
}

interface TslabDisplay {
  html(html: string): void;
  text(text: string): void;
}

interface Tslab {
  display: TslabDisplay;
  newDisplay(): TslabDisplay;
}

function denoJupyter(): DenoJupyter | undefined {
  const deno = (globalThis as { Deno?: { jupyter?: Partial<DenoJupyter> & { broadcast?: unknown } } }).Deno;
  let jupyter: (Partial<DenoJupyter> & { broadcast?: unknown }) | undefined;
  try {
    // Deno 2 defines `Deno.jupyter` as a getter that throws outside `deno jupyter` ("only available
    // in `deno jupyter` subcommand"): there, a plain `deno run` script, there is no kernel.
    jupyter = deno?.jupyter;
  } catch {
    return undefined;
  }
  return typeof jupyter?.display === 'function' && typeof jupyter.broadcast === 'function'
    ? (jupyter as DenoJupyter)
    : undefined;
}

function tslab(): Tslab | undefined {
  const hook = (globalThis as { __tslab__?: { require?: (id: string) => unknown } }).__tslab__;
  if (typeof hook?.require !== 'function') return undefined;
  try {
    const module = hook.require('tslab') as Partial<Tslab>;
    return typeof module?.newDisplay === 'function' && module.display ? (module as Tslab) : undefined;
  } catch {
    return undefined;
  }
}

/** tslab sends one media type per output: HTML where there is HTML, else the text. */
function showInTslab(target: TslabDisplay, bundle: MimeBundle): void {
  const html = bundle['text/html'];
  if (html !== undefined) target.html(html);
  else target.text(bundle['text/plain']);
}

/** The kernel this code runs in, or `undefined` in a plain script, a test or a server. */
export function notebookKernel(): NotebookKernel | undefined {
  const deno = denoJupyter();
  if (deno) {
    const shown = new Set<string>();
    return {
      name: 'deno',
      async show(bundle, displayId) {
        const update = displayId !== undefined && shown.has(displayId);
        if (displayId !== undefined) shown.add(displayId);
        await deno.display(bundle, {
          raw: true,
          ...(displayId !== undefined ? { display_id: displayId, update } : {}),
        });
      },
    };
  }
  const lab = tslab();
  if (lab) {
    // tslab keeps the display id in a display object: one per id, updating in place after its first output.
    const displays = new Map<string, TslabDisplay>();
    return {
      name: 'tslab',
      async show(bundle, displayId) {
        let target = lab.display;
        if (displayId !== undefined) {
          target = displays.get(displayId) ?? lab.newDisplay();
          displays.set(displayId, target);
        }
        showInTslab(target, bundle);
      },
    };
  }
  return undefined;
}
