import { dynamicTool, type JSONSchema7, jsonSchema, type Tool, type ToolExecutionOptions } from 'ai';
import type { ToolCallContext, ToolProgress, ToolSpec } from '../../tools/index.js';
import { toModelOutput } from './model-output.js';
import { streamWithProgress } from './progress-stream.js';
import { needsPerson } from './tool-approval.js';
import type { AISDKToolOutput, AISDKToolProgress } from './tool-output.js';

export interface ToAISDKToolOptions {
  /** Stream preliminary results while the tool waits for a job. */
  readonly streamProgress: boolean;
  /** Ask providers for strict tool calling (the schema must fit the provider's strict rules). */
  readonly strict: boolean;
  /** The `onProgress` of the tool spec options, which a streaming tool calls itself. */
  readonly onProgress?: ((progress: ToolProgress) => void) | undefined;
}

function running(progress: ToolProgress): AISDKToolProgress {
  return {
    status: 'running',
    tool: progress.tool,
    operationId: progress.operationId,
    ...(progress.requestId !== undefined ? { requestId: progress.requestId } : {}),
    elapsedMs: progress.elapsedMs,
    ...(progress.etaMs !== undefined ? { etaMs: progress.etaMs } : {}),
    attempt: progress.attempt,
  };
}

/**
 * One tool spec as an AI SDK tool, the JSON Schema passed through unchanged.
 *
 * The SDK is given no validator: the spec checks the arguments itself (after restoring the
 * profile's shape, with the service's coercions) and refuses them with its `invalid_arguments`
 * result, which the model reads as an ordinary tool result (through `toModelOutput`, as
 * `error-json`) and fixes in its next step. Failing the SDK's own validation instead would also
 * keep the run going in ai 7, but as a `tool-error` whose text wraps ours twice
 * ("AI_InvalidToolInputError: Invalid input for tool …: AI_TypeValidationError: Type validation
 * failed: Value: {…}"), echoes the whole input, and loses the list of fields and the hint. The SDK
 * also revalidates approved calls and insists the validated value equals the approved input, which
 * a checker that coerces would break.
 */
export function toAISDKTool(spec: ToolSpec, options: ToAISDKToolOptions): Tool {
  const context = (
    abortSignal: AbortSignal | undefined,
    toolCallId: string | undefined,
  ): ToolCallContext => ({
    ...(abortSignal ? { signal: abortSignal } : {}),
    ...(toolCallId ? { toolCallId } : {}),
  });

  const execute = (input: unknown, { abortSignal, toolCallId }: ToolExecutionOptions<unknown>) => {
    abortSignal?.throwIfAborted();
    // Without streaming the spec reports progress to the options' onProgress by itself.
    if (!options.streamProgress) return spec.execute(input, context(abortSignal, toolCallId));
    return streamWithProgress<AISDKToolProgress, AISDKToolOutput>((report) =>
      spec.execute(input, {
        ...context(abortSignal, toolCallId),
        // Given here, it replaces the options' onProgress in the spec, so that one is called too.
        onProgress: (progress) => {
          options.onProgress?.(progress);
          report(running(progress));
        },
      }),
    );
  };

  return dynamicTool({
    description: spec.description,
    inputSchema: jsonSchema(spec.inputSchema as JSONSchema7),
    ...(options.strict ? { strict: true } : {}),
    // Deprecated in AI SDK 7 in favour of `toolApproval`, but still honoured when the application
    // gives no rule of its own for this tool: money and destruction stop for a person by default.
    needsApproval: (input) => needsPerson(spec, input),
    // Not sent to the model; carried onto tool calls and UI parts so a UI can show what a call does.
    metadata: {
      generationAgentToolkit: {
        kind: spec.kind,
        effect: spec.effect,
        ...(spec.operationId !== undefined ? { operationId: spec.operationId } : {}),
        readOnly: spec.annotations.readOnlyHint,
        destructive: spec.annotations.destructiveHint,
      },
    },
    execute,
    toModelOutput: ({ output }) => toModelOutput(output as AISDKToolOutput),
  });
}
