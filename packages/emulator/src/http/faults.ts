import type { EmulatorFaults, FaultRule } from '../options.js';
import type { SeededRandom } from '../random.js';

interface ActiveRule {
  readonly rule: FaultRule;
  remaining: number;
}

/** What a job will do, drawn when it is queued. */
export type JobFate = 'succeeds' | 'fails' | 'stuck';

/**
 * The emulator's fault injection. Rules are checked in order against each API request; the first
 * that matches and fires is applied. Draws come from the seeded generator, so a run is repeatable.
 */
export class FaultController {
  #rules: ActiveRule[] = [];
  #jobFailureRate = 0;
  #stuckJobRate = 0;

  constructor(
    faults: Required<EmulatorFaults>,
    private readonly random: SeededRandom,
  ) {
    this.set(faults);
  }

  /** Replaces every fault setting. */
  set(faults: EmulatorFaults): void {
    this.#rules = (faults.rules ?? []).map((rule) => ({
      rule,
      remaining: rule.times ?? Number.POSITIVE_INFINITY,
    }));
    this.#jobFailureRate = faults.jobFailureRate ?? 0;
    this.#stuckJobRate = faults.stuckJobRate ?? 0;
  }

  /** Adds a rule after the existing ones. */
  inject(rule: FaultRule): void {
    this.#rules.push({ rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
  }

  /** Removes every rule and job fault. */
  clear(): void {
    this.set({});
  }

  /** The fault that the request meets, if any; counts it against the rule's `times`. */
  pick(request: { readonly path: string; readonly operationId: string | undefined }): FaultRule | undefined {
    for (const active of this.#rules) {
      if (active.remaining <= 0) continue;
      const { match } = active.rule;
      const applies =
        match === undefined ||
        (match.startsWith('/') ? request.path.startsWith(match) : match === request.operationId);
      if (!applies) continue;
      if (!this.random.chance(active.rule.probability ?? 1)) continue;
      active.remaining -= 1;
      return active.rule;
    }
    return undefined;
  }

  jobFate(): JobFate {
    if (this.random.chance(this.#stuckJobRate)) return 'stuck';
    if (this.random.chance(this.#jobFailureRate)) return 'fails';
    return 'succeeds';
  }
}
