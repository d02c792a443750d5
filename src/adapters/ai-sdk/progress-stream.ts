type Outcome<Result> =
  | { readonly ok: true; readonly value: Result }
  | { readonly ok: false; readonly error: unknown };

/**
 * Turns a call that reports progress through a callback into the async iterable the AI SDK reads
 * preliminary results from: the latest progress each time the consumer asks, then the result,
 * which the SDK takes as final because it comes last.
 *
 * Progress is a state, not a log: when several updates arrive while the consumer is busy, only
 * the newest is yielded, so a slow stream never falls behind the job.
 */
export async function* streamWithProgress<Progress, Result>(
  run: (onProgress: (progress: Progress) => void) => Promise<Result>,
): AsyncGenerator<Progress | Result, void, undefined> {
  // Written by callbacks, read by the loop: properties, so that no narrowing goes stale.
  const state: {
    latest?: { readonly progress: Progress } | undefined;
    outcome?: Outcome<Result> | undefined;
    wake?: (() => void) | undefined;
  } = {};
  const notify = () => {
    const wake = state.wake;
    state.wake = undefined;
    wake?.();
  };

  run((progress) => {
    state.latest = { progress };
    notify();
  }).then(
    (value) => {
      state.outcome = { ok: true, value };
      notify();
    },
    (error: unknown) => {
      state.outcome = { ok: false, error };
      notify();
    },
  );

  for (;;) {
    const latest = state.latest;
    if (latest) {
      state.latest = undefined;
      yield latest.progress;
      continue;
    }
    const outcome = state.outcome;
    if (outcome) {
      if (!outcome.ok) throw outcome.error;
      yield outcome.value;
      return;
    }
    // Checked and parked in one synchronous stretch, so no update can slip between the two.
    await new Promise<void>((resolve) => {
      state.wake = resolve;
    });
  }
}
