import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';

/** What a tool call came to, as a model reads it in the tool result. */
export type DemoOutcome =
  | { readonly kind: 'done' }
  /** The person (or the lack of one) refused the approval; `reason` says why when known. */
  | { readonly kind: 'denied'; readonly reason?: string }
  | { readonly kind: 'failed'; readonly message: string }
  /** The job outlived the tool's wait: it goes on, and a resume tool can pick it up. */
  | { readonly kind: 'still-running' };

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'the tool failed without saying why';
}

/** Reads a tool result the way a model would: denied, failed, still running, or done. */
export function outcomeOf(output: LanguageModelV4ToolResultOutput): DemoOutcome {
  switch (output.type) {
    case 'execution-denied':
      return { kind: 'denied', ...(output.reason ? { reason: output.reason } : {}) };
    case 'error-text':
    case 'error-json':
      return { kind: 'failed', message: messageOf(output.value) };
    case 'json': {
      const envelope = output.value as { ok?: unknown; status?: unknown } | null;
      if (envelope?.ok !== false) return { kind: 'done' };
      return envelope.status === 'processing'
        ? { kind: 'still-running' }
        : { kind: 'failed', message: messageOf(envelope) };
    }
    default:
      return { kind: 'done' };
  }
}
