/**
 * One ToolSpec as a LangChain tool.
 * @module
 */

import { type CallbackManagerForToolRun, parseCallbackConfigArg } from '@langchain/core/callbacks/manager';
import { type ContentAndArtifact, StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import type { JSONSchema } from '@langchain/core/utils/json_schema';
import type { ToolProgress, ToolResult, ToolSpec } from '../../tools/index.js';
import { progressReporter } from './progress-reporter.js';
import { toolContent } from './tool-content.js';

const MARKER = Symbol.for('generation-agent-toolkit.langchain.GenerationTool');

// A schema every argument satisfies; see `call` for why LangChain's own check is given it.
const ANY_ARGUMENTS: JSONSchema = {};

/**
 * What a {@link GenerationTool} is made of: the framework-neutral spec it runs (which says whether a
 * call may wait for a person), and who hears of its progress.
 *
 * @example
 * const spec = createToolSpecs(session).tool('v7_images_text_to_image');
 * if (spec) new GenerationTool({ spec, onProgress: (progress) => console.log(progress.status) });
 */
export interface GenerationToolFields {
  readonly spec: ToolSpec;
  /** The tool options' `onProgress`, told of every progress report. */
  readonly onProgress?: ((progress: ToolProgress) => void) | undefined;
}

/**
 * A LangChain tool that runs one {@link ToolSpec}: the spec's name, description and JSON Schema
 * exactly as they are; `content_and_artifact` answers, whose content is the model's compact view
 * of the result and whose artifact (`ToolMessage.artifact`) is the whole {@link ToolResult}.
 * Expected failures (refused arguments, service errors, a job still running) are answers, never
 * throws; a cancelled run (its `signal` aborted) ends with the abort, as LangChain's own tools do.
 */
export class GenerationTool extends StructuredTool<JSONSchema, unknown, unknown, string> {
  static override lc_name(): string {
    return 'GenerationTool';
  }

  /** Whether `value` is a GenerationTool, even one made by another copy of this package. */
  static isInstance(value: unknown): value is GenerationTool {
    return typeof value === 'object' && value !== null && MARKER in value;
  }

  readonly [MARKER] = true;
  name: string;
  description: string;
  schema: JSONSchema;
  /** The framework-neutral tool this one runs: its kind, operation, effect and annotations. */
  readonly spec: ToolSpec;
  /** Whether any call of this tool can need a person's approval; see `approvalsFor`. */
  readonly mayNeedApproval: boolean;
  private readonly onProgress: ((progress: ToolProgress) => void) | undefined;

  constructor(fields: GenerationToolFields) {
    const { spec } = fields;
    super({
      responseFormat: 'content_and_artifact',
      metadata: {
        kind: spec.kind,
        effect: spec.effect,
        ...(spec.operationId ? { operationId: spec.operationId } : {}),
      },
    });
    this.name = spec.name;
    this.description = spec.description;
    this.schema = spec.inputSchema as JSONSchema;
    this.spec = spec;
    this.mayNeedApproval = spec.mayNeedApproval;
    this.onProgress = fields.onProgress;
  }

  /**
   * Before `_call`, LangChain checks the arguments against `schema` with its own validator, and
   * refuses with a bare "did not match expected schema" that `createAgent` hands the model along
   * with a stack trace. The spec checks them itself: it converts what the service expects converted
   * (numbers as strings on v6, yes/no flags), and an answer says which field is wrong and what was
   * expected, with nothing sent. So LangChain's check runs on a view of this tool that differs only
   * in its `schema`, one that admits any arguments; callbacks, tracing and the answer's shape are
   * LangChain's own. A view per call keeps concurrent calls (and `bindTools`) apart.
   */
  override call(
    ...[input, configArg, tags]: Parameters<StructuredTool['call']>
  ): ReturnType<StructuredTool['call']> {
    const config = parseCallbackConfigArg(configArg);
    const view: this = Object.create(this, { schema: { value: ANY_ARGUMENTS } });
    // Traces and `streamEvents` name the run after the tool (LangChain would name it after the
    // class), as for LangChain's own DynamicStructuredTool; the caller's config is left as it was.
    return StructuredTool.prototype.call.call(
      view,
      input,
      { ...config, runName: config.runName ?? this.name },
      tags,
    );
  }

  protected override async _call(
    args: unknown,
    runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<string> {
    const signal = config?.signal;
    const toolCallId = config?.toolCall?.id;
    const result: ToolResult = await this.spec.execute(args, {
      ...(signal ? { signal } : {}),
      ...(toolCallId ? { toolCallId } : {}),
      onProgress: progressReporter({ runManager, config, onProgress: this.onProgress }),
    });
    signal?.throwIfAborted();
    // The class's output type is what `invoke` gives back: the content (or, for a tool call, a
    // ToolMessage with the artifact). `_call` hands LangChain both halves, as the format asks.
    const answer: ContentAndArtifact = [toolContent(result), result];
    return answer as unknown as string;
  }
}
