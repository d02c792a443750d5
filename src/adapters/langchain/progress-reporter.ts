/**
 * Progress of a tool call that waits for a job, sent where LangChain applications listen.
 * @module
 */

import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import type { ToolProgress } from '../../tools/index.js';

/**
 * The name of the custom event that carries a tool's progress to callbacks (`handleCustomEvent`,
 * and `on_custom_event` in `streamEvents`), and the `type` of the chunk it writes to a LangGraph
 * run's custom stream (`streamMode: 'custom'`).
 */
export const GENERATION_PROGRESS_EVENT = 'generation_progress';

/** A chunk of a LangGraph run's custom stream: one progress report of a waiting tool call. */
export interface GenerationProgressChunk extends ToolProgress {
  readonly type: typeof GENERATION_PROGRESS_EVENT;
}

export interface ProgressTargets {
  readonly runManager: CallbackManagerForToolRun | undefined;
  readonly config: ToolRunnableConfig | undefined;
  /** The `onProgress` of the tool options, which a call's own listener would otherwise replace. */
  readonly onProgress: ((progress: ToolProgress) => void) | undefined;
}

/**
 * A progress listener for one tool run: it tells the options' `onProgress`, the run's callbacks
 * and, inside a LangGraph run, its custom stream. Progress is a side channel: a listener that
 * fails is ignored rather than allowed to fail a call that may already be paid for.
 */
export function progressReporter({ runManager, config, onProgress }: ProgressTargets) {
  // LangGraph puts the custom stream's writer on the config of the nodes (and so of the tools) it runs.
  const writer = (config as { writer?: unknown } | undefined)?.writer;
  return (progress: ToolProgress): void => {
    try {
      onProgress?.(progress);
    } catch {}
    runManager?.handleCustomEvent(GENERATION_PROGRESS_EVENT, progress).catch(() => {});
    if (typeof writer === 'function') {
      try {
        writer({ type: GENERATION_PROGRESS_EVENT, ...progress } satisfies GenerationProgressChunk);
      } catch {}
    }
  };
}
