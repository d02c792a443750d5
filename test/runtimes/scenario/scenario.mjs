/**
 * The one scenario every runtime runs (test/runtimes/every-runtime.test.ts), as a user's program
 * would: from the packed package, on the runtime's own globals. Plain JavaScript, so that every
 * runtime and bundler reads it as it is. Returns what happened; the test judges it.
 */
import { generateText, isStepCount } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { connect, discover, ServiceDescription } from 'generation-agent-toolkit';
import { createAISDKTools, createToolApproval } from 'generation-agent-toolkit/ai-sdk';
import { defaultTransportKind } from 'generation-agent-toolkit/http';

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A model that asks for the given tool calls, one turn each, then says it is done. */
function scriptedModel(turns) {
  let next = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const turn = turns[next++];
      if (!turn)
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop' },
          usage,
          warnings: [],
        };
      return {
        content: [
          {
            type: 'tool-call',
            toolCallId: `call-${next}`,
            toolName: turn.tool,
            input: JSON.stringify(turn.input),
          },
        ],
        finishReason: { unified: 'tool-calls' },
        usage,
        warnings: [],
      };
    },
    doStream: async () => ({ stream: convertArrayToReadableStream([]) }),
  });
}

/** What the runtime says it is (its own version where it has one). */
function runtimeName() {
  if (globalThis.Deno) return `deno ${globalThis.Deno.version.deno}`;
  if (globalThis.Bun) return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.EdgeRuntime === 'string') return `edge-runtime (${globalThis.EdgeRuntime})`;
  if (globalThis.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return `node ${globalThis.process?.versions?.node}`;
}

const OPERATIONS = ['get_wallet_balance', 'v7_images_text_to_image', 'post_wallet_fund'];

/**
 * Runs the scenario against the service at `baseUrl` with an emulator account. With `snapshot` (a
 * saved ServiceDescription) it connects from that instead of discovering, as a function that must
 * start fast does.
 */
export async function runScenario({ baseUrl, apiKey, email, password, snapshot }) {
  const report = { steps: [], runtime: runtimeName() };
  const started = Date.now();
  const service = snapshot ? ServiceDescription.fromSnapshot(snapshot) : await discover(baseUrl);
  report.discovered = service.operations.length;
  report.steps.push(snapshot ? 'discover (saved description)' : 'discover');
  const session = await connect({
    baseUrl,
    apiKey,
    service,
    auth: { email, password },
    operations: { ids: OPERATIONS },
  });
  report.transport = await defaultTransportKind();
  report.requestedScopes = session.scopes.requested ?? [];
  report.steps.push('connect');
  try {
    const tools = createAISDKTools(session, { mode: 'typed' });
    report.tools = Object.keys(tools).sort();
    const result = await generateText({
      model: scriptedModel([
        { tool: 'v7_images_text_to_image', input: { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' } },
        { tool: 'post_wallet_fund', input: { amount: 10, payment_method_id: 'pm_card_visa' } },
      ]),
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(5),
      prompt: 'Paint a lighthouse, then add $10 to my wallet.',
    });
    const toolResults = result.steps.flatMap((step) => step.toolResults);
    const image = toolResults.find((part) => part.toolName === 'v7_images_text_to_image')?.output;
    report.image = {
      ok: image?.ok === true,
      status: image?.status,
      outputs: (image?.outputs ?? []).map((output) => output.mediaType ?? 'file'),
    };
    report.steps.push('image');
    const approvals = result.content.filter((part) => part.type === 'tool-approval-request');
    report.moneyAwaitsApproval = approvals.map((part) => part.toolCall.toolName);
    report.moneyExecuted = toolResults.some((part) => part.toolName === 'post_wallet_fund');
    report.steps.push('money refused without approval');
    // Arguments are checked on every runtime, code generation allowed or not: a misspelt field is named.
    try {
      session.checkInput('v7_images_text_to_image', { model_id: 'flux-dev', promt: 'typo' });
    } catch (error) {
      report.invalidArguments = { code: error.code, message: error.message };
    }
  } finally {
    await session.close();
    report.steps.push('close');
  }
  report.elapsedMs = Date.now() - started;
  return report;
}
