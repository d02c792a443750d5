/**
 * The calls of the chaos suite: mostly cheap synchronous ones, a share of generation jobs that
 * may come back as handles, control-plane reads and writes (an API key made and deleted, a wallet
 * funded with a test card), a few arguments a model got wrong; half through `session.call`, half
 * through the tools a model would use. Every paid call carries a tag, so the ledger can tell calls
 * apart afterwards.
 * @module
 */
import type { Session } from '../../../src/auth/index.js';
import type { ToolResult, ToolSet } from '../../../src/tools/index.js';
import { type ChaosOutcome, type HandedBack, sessionOutcome, toolOutcome } from './chaos-outcomes.js';
import { drawWeighted } from './chaos-random.js';
import type { SecretCollector } from './secret-collector.js';

export interface ChaosBed {
  readonly session: Session;
  readonly tools: ToolSet;
  readonly collector: SecretCollector;
  /** Jobs handed back, resumed in the next round. */
  readonly handedBack: HandedBack[];
  readonly random: () => number;
  /** A fresh tag (`chaos-<n>`) for a call the ledger must tell apart. */
  nextTag(): string;
  /** A fresh wallet amount, unique to one funding call (dollars and cents). */
  nextFundAmount(): number;
  /** The secret of an API key the run created: it joins the secrets that must not leak. */
  keyCreated(secret: string): void;
}

/** The asynchronous operations the mix submits (the ledger reads their jobs). */
export const ASYNC_OPERATIONS = [
  'v7_images_text_to_image',
  'v6_images_text2img',
  'v7_voice_text_to_speech',
  'v8_images_text_to_image',
  'v8_audio_text_to_speech',
] as const;

/** The synchronous paid operations: charged per call, without a job to read back. */
export const CHAT_OPERATIONS = ['v7_llm_chat_completions', 'v8_llm_chat_completions'] as const;

/** The control-plane operations the session must be connected with. */
export const CONTROL_PLANE_OPERATIONS = [
  'get_wallet_balance',
  'get_usage_summary',
  'get_auth_tokens',
  'get_me',
  'post_api_keys',
  'delete_api_keys_by_id',
  'post_wallet_fund',
] as const;

/** A typed tool when the tool set has one for the operation, otherwise the dynamic `call_operation`. */
function toolCall(tools: ToolSet, operationId: string, args: unknown): Promise<ToolResult> {
  const typed = tools.tools.find((tool) => tool.kind === 'operation' && tool.operationId === operationId);
  if (typed) return typed.execute(args);
  const call = tools.tools.find((tool) => tool.kind === 'call');
  if (!call) throw new Error(`no tool reaches ${operationId}`);
  return call.execute({ operation: operationId, arguments: args });
}

/** How long a session call waits for its job (virtual ms): sometimes not at all, sometimes long. */
function drawWait(random: () => number): number | false {
  return drawWeighted<number | false>(random, [
    [false, 1],
    [1_000, 2],
    [3_000, 2],
    [8_000, 3],
  ]);
}

type Run = (bed: ChaosBed, what: string) => Promise<ChaosOutcome>;

const viaSession = (bed: ChaosBed, what: string, work: Parameters<typeof sessionOutcome>[0]) =>
  sessionOutcome(work, what, bed.collector, bed.handedBack);
const viaTool = (bed: ChaosBed, what: string, work: Promise<ToolResult>) =>
  toolOutcome(work, what, bed.collector, bed.handedBack);

const CALLS: Record<string, Run> = {
  models: (bed, what) => viaSession(bed, what, bed.session.call('v7_models', {})),
  'models-tool': (bed, what) => viaTool(bed, what, toolCall(bed.tools, 'v7_llm_v1_models', {})),
  chat: (bed, what) =>
    viaSession(
      bed,
      what,
      bed.session.call('v7_llm_chat_completions', {
        messages: [{ role: 'user', content: `Say hello (${bed.nextTag()})` }],
      }),
    ),
  'chat-tool': (bed, what) =>
    viaTool(
      bed,
      what,
      toolCall(bed.tools, 'v8_llm_chat_completions', {
        messages: [{ role: 'user', content: `Say hello (${bed.nextTag()})` }],
      }),
    ),
  image: (bed, what) =>
    viaSession(
      bed,
      what,
      bed.session.call(
        'v7_images_text_to_image',
        { model_id: 'flux-dev', prompt: `a lighthouse, ${bed.nextTag()}` },
        { wait: drawWait(bed.random) },
      ),
    ),
  'image-v6': (bed, what) =>
    viaSession(
      bed,
      what,
      bed.session.call(
        'v6_images_text2img',
        { prompt: `a harbour, ${bed.nextTag()}` },
        { wait: drawWait(bed.random) },
      ),
    ),
  voice: (bed, what) =>
    viaSession(
      bed,
      what,
      bed.session.call(
        'v7_voice_text_to_speech',
        { prompt: `good morning, ${bed.nextTag()}` },
        { wait: drawWait(bed.random) },
      ),
    ),
  'image-tool': (bed, what) =>
    viaTool(
      bed,
      what,
      toolCall(bed.tools, 'v8_images_text_to_image', {
        model_id: 'flux-dev',
        prompt: `a fox, ${bed.nextTag()}`,
      }),
    ),
  'voice-tool': (bed, what) =>
    viaTool(
      bed,
      what,
      toolCall(bed.tools, 'v8_audio_text_to_speech', { prompt: `good night, ${bed.nextTag()}` }),
    ),
  balance: (bed, what) => viaSession(bed, what, bed.session.call('get_wallet_balance', {})),
  'usage-tool': (bed, what) => viaTool(bed, what, toolCall(bed.tools, 'get_usage_summary', {})),
  tokens: (bed, what) => viaSession(bed, what, bed.session.call('get_auth_tokens', {})),
  'me-tool': (bed, what) => viaTool(bed, what, toolCall(bed.tools, 'get_me', {})),
  'api-key': async (bed, what) => {
    const created = await typedCreate(bed, what);
    if (created.id === undefined) return created.outcome;
    // The key's deletion is a call of its own; the creation's ending is what this one reports.
    const deleted = await viaSession(
      bed,
      `${what} (delete)`,
      bed.session.call('delete_api_keys_by_id', { id: created.id }),
    );
    if (deleted === 'pending') throw new Error(`${what}: a deletion came back as a job`);
    return created.outcome;
  },
  fund: (bed, what) =>
    viaSession(
      bed,
      what,
      bed.session.call('post_wallet_fund', {
        amount: bed.nextFundAmount(),
        payment_method_id: 'pm_card_visa',
      }),
    ),
  'fund-tool': (bed, what) =>
    viaTool(
      bed,
      what,
      toolCall(bed.tools, 'post_wallet_fund', {
        amount: bed.nextFundAmount(),
        payment_method_id: 'pm_card_visa',
      }),
    ),
  'invalid-tool': async (bed, what) => {
    // A model's mistake: the wrong type, refused before anything is sent.
    const outcome = await viaTool(bed, what, toolCall(bed.tools, 'v8_images_text_to_image', { prompt: 42 }));
    if (outcome !== 'error:invalid_arguments')
      throw new Error(`${what}: wrong arguments ended as ${outcome}`);
    return outcome;
  },
};

/**
 * Creates a key through the session. The answer is the one place its secret belongs; from then
 * on it joins the secrets that must appear nowhere else.
 */
async function typedCreate(bed: ChaosBed, what: string): Promise<{ outcome: ChaosOutcome; id?: string }> {
  let created: { id?: string; key?: string } | undefined;
  const outcome = await viaSession(
    bed,
    what,
    bed.session.call('post_api_keys', { name: bed.nextTag() }).then((result) => {
      const body = (result.status === 'success' ? result.body : undefined) as
        | { data?: { id?: string; key?: string } }
        | undefined;
      created = body?.data;
      return result;
    }),
  );
  if (created?.key) bed.keyCreated(created.key);
  return created?.id === undefined ? { outcome } : { outcome, id: created.id };
}

/** How often each kind of call comes: cheap synchronous calls most, money least. */
const MIX: ReadonlyArray<readonly [string, number]> = [
  ['models', 14],
  ['models-tool', 8],
  ['chat', 14],
  ['chat-tool', 10],
  ['image', 7],
  ['image-v6', 3],
  ['voice', 4],
  ['image-tool', 4],
  ['voice-tool', 2],
  ['balance', 10],
  ['usage-tool', 5],
  ['tokens', 3],
  ['me-tool', 3],
  ['api-key', 2],
  ['fund', 1],
  ['fund-tool', 1],
  ['invalid-tool', 2],
];

export interface ChaosTask {
  readonly kind: string;
  run(): Promise<ChaosOutcome>;
}

/** `count` calls drawn from the mix with the bed's seeded generator. */
export function drawCalls(bed: ChaosBed, count: number, firstIndex: number): ChaosTask[] {
  return Array.from({ length: count }, (_, offset) => {
    const kind = drawWeighted(bed.random, MIX);
    const what = `call ${firstIndex + offset} (${kind})`;
    return { kind, run: () => CALLS[kind]!(bed, what) };
  });
}

/** Resumes the jobs handed back so far, each through the layer that handed it back. */
export function resumeHandedBack(bed: ChaosBed): ChaosTask[] {
  const handles = bed.handedBack.splice(0);
  return handles.map((handed, index) => {
    const what = `resume ${index} (${handed.via})`;
    if (handed.via === 'session')
      return {
        kind: 'resume',
        run: () => viaSession(bed, what, bed.session.resume(handed.handle, { wait: 8_000 })),
      };
    const resume = bed.tools.tools.find((tool) => tool.kind === 'resume');
    return {
      kind: 'resume-tool',
      run: async () => {
        if (!resume) throw new Error('the tool set has no resume tool');
        return viaTool(
          bed,
          what,
          resume.execute({ operation: handed.operation, request_id: handed.requestId }),
        );
      },
    };
  });
}
