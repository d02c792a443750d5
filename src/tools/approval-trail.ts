import type { Telemetry, TelemetrySpan } from '../telemetry/telemetry.js';
import type { ApprovalVerdict } from './approval.js';
import { stableHash } from './stable-hash.js';

/** The same arguments, the same key: a call asked about is known again when it runs. */
const keyOf = (args: unknown) => stableHash(JSON.stringify(args) ?? '', 16);

/** Calls asked about and not yet run, remembered per tool; the oldest are forgotten past this. */
const MAX_PENDING = 256;

/**
 * What a tool's approvals tell its traces: an `approval {tool}` span with a `gentk.approval` event
 * `asked` (with the estimate, when the rule priced the call) when the framework asks, and `granted`
 * on the execution's span when the framework then runs the call it asked about. A call refused
 * never runs, so its trace ends at `asked` (the frameworks keep a refusal to themselves).
 */
export class ApprovalTrail {
  readonly #pending = new Set<string>();

  constructor(
    readonly telemetry: Telemetry,
    readonly tool: string,
  ) {}

  /** Records the verdict of a rule on `args`; the verdict is passed through. */
  asked(args: unknown, verdict: ApprovalVerdict): ApprovalVerdict {
    if (!verdict.needed || !this.telemetry.enabled()) return verdict;
    const key = keyOf(args);
    // One question per call, however many times the framework asks the rule.
    if (this.#pending.has(key)) return verdict;
    if (this.#pending.size >= MAX_PENDING) {
      const oldest = this.#pending.values().next().value;
      if (oldest !== undefined) this.#pending.delete(oldest);
    }
    this.#pending.add(key);
    const estimate = verdict.cost?.estimate;
    // A span of its own: a framework asks its rule outside any span of the toolkit's, and often
    // outside any of its own, where an event would have nowhere to go.
    const span = this.telemetry.startSpan(`approval ${this.tool}`, {
      attributes: { 'gen_ai.tool.name': this.tool },
    });
    span.addEvent('gentk.approval', {
      'gentk.approval.outcome': 'asked',
      'gen_ai.tool.name': this.tool,
      'gentk.spend.estimated': estimate?.amount ?? undefined,
      'gentk.spend.currency': estimate?.currency,
    });
    span.end();
    return verdict;
  }

  /** On the execution's span: `granted` when this call was asked about. */
  ran(args: unknown, span: TelemetrySpan | undefined): void {
    if (this.#pending.size === 0) return;
    const key = keyOf(args);
    if (!this.#pending.delete(key)) return;
    span?.addEvent('gentk.approval', {
      'gentk.approval.outcome': 'granted',
      'gen_ai.tool.name': this.tool,
      'gentk.approval.by': 'the framework',
    });
  }
}
