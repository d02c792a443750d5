/** The output of the first tool result of a step of a `generateText` result; throws when there is none. */
export function toolOutput<Output>(
  result: {
    readonly steps: ReadonlyArray<{ readonly toolResults: ReadonlyArray<{ readonly output: unknown }> }>;
  },
  step = 0,
): Output {
  const found = result.steps[step]?.toolResults[0];
  if (!found) throw new Error(`Step ${step} has no tool result.`);
  return found.output as Output;
}
