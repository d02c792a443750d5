import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import { InvalidArgumentsError } from '../../src/calls/index.js';
import { discover } from '../../src/discovery/discover.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import {
  createToolSpecs,
  loadTokenCounter,
  serialiseToolDefinition,
  type ToolProgress,
  type ToolResult,
  WIRE_FORMAT_OF_PROFILE,
} from '../../src/tools/index.js';
import { virtualHttp } from '../support/virtual-http.js';

let emulator: Emulator;
let service: ServiceDescription;
let account: EmulatorAccount;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  service = await discover(emulator.url);
  account = emulator.createAccount({ password: 'canary-Pa55word' });
  session = await connect({
    service,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: {
      surfaces: ['generation'],
      ids: ['get_wallet_balance', 'post_wallet_fund', 'delete_api_keys_by_id'],
    },
    http: virtualHttp(emulator),
  });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

const json = (result: ToolResult) => JSON.stringify(result);

describe('createToolSpecs', () => {
  it('makes one checked tool per operation in typed mode, plus resume_job, with approval on money and destruction', async () => {
    const set = createToolSpecs(session, { mode: 'typed' });
    expect(set.tools.length).toBe(session.operations.length + 1);
    const fund = set.tools.find((tool) => tool.operationId === 'post_wallet_fund');
    expect(await fund?.needsApproval({ amount: 10 })).toBe(true);
    // Each call of the tool is a new payment with a key of its own: a retry of the same call is not harmless.
    expect(fund?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    const image = set.tools.find((tool) => tool.operationId === 'v7_images_text_to_image');
    expect(await image?.needsApproval({})).toBe(false);
    expect(image?.description).toMatch(/wait/i);
    expect(set.tool('resume_job')).toBeDefined();
  });

  it('waits for an image job on the virtual clock and returns its outputs', async () => {
    const set = createToolSpecs(session, { mode: 'typed' });
    const image = set.tools.find((tool) => tool.operationId === 'v7_images_text_to_image');
    const progress: string[] = [];
    const result = await image?.execute(
      { model_id: 'flux-dev', prompt: 'a lighthouse' },
      { onProgress: (event) => progress.push(event.status) },
    );
    expect(result).toMatchObject({ ok: true, status: 'success', operationId: 'v7_images_text_to_image' });
    const outputs = (result as unknown as { outputs: { url: string; mediaType: string }[] }).outputs;
    expect(outputs[0]?.mediaType).toBe('image/png');
    expect(progress).toContain('processing');
  });

  it('hands back a resumable result when the wait ends first, and resume_job finishes it', async () => {
    const set = createToolSpecs(session, { mode: 'typed', waitMs: 10_000 });
    const video = set.tools.find((tool) => tool.operationId === 'v8_video_text_to_video');
    const pending = await video?.execute({ model_id: 'veo-3', prompt: 'waves' });
    expect(pending).toMatchObject({ ok: false, status: 'processing', operationId: 'v8_video_text_to_video' });
    expect((pending as { hint: string }).hint).toMatch(/resume_job/);
    const resumed = await set.tool('resume_job')?.execute({
      operation: 'v8_video_text_to_video',
      request_id: (pending as { requestId: string }).requestId,
    });
    expect(resumed).toMatchObject({ ok: false, status: 'processing' });
    const finished = await createToolSpecs(session, { mode: 'typed', waitMs: 300_000 })
      .tool('resume_job')
      ?.execute({
        operation: 'v8_video_text_to_video',
        request_id: (pending as { requestId: string }).requestId,
      });
    expect(finished).toMatchObject({ ok: true, status: 'success' });
    expect(
      (finished as unknown as { outputs: { mediaType: string; expiresAt: string }[] }).outputs[0],
    ).toMatchObject({
      mediaType: 'video/mp4',
    });
  });

  it('refuses invalid arguments before the network, in words a model can use', async () => {
    const before = emulator.inspect(account.email)?.usage.length;
    const set = createToolSpecs(session, { mode: 'typed' });
    const image = set.tools.find((tool) => tool.operationId === 'v7_images_text_to_image');
    const result = await image?.execute({ prompt: 3, widht: 512 });
    expect(result).toMatchObject({ ok: false, status: 'error', code: 'invalid_arguments', retryable: false });
    expect(json(result as ToolResult)).toMatch(/model_id is required/);
    expect(json(result as ToolResult)).toMatch(/did you mean width/);
    expect(emulator.inspect(account.email)?.usage.length).toBe(before);
  });

  it('answers a wallet read as data, and a withheld operation as an error, never a throw', async () => {
    const set = createToolSpecs(session, { mode: 'typed' });
    const balance = await set.tools.find((tool) => tool.operationId === 'get_wallet_balance')?.execute({});
    expect(balance).toMatchObject({ ok: true, data: { currency: expect.any(String) } });
    const dynamic = createToolSpecs(session, { mode: 'dynamic' });
    const refused = await dynamic.tool('call_operation')?.execute({ operation: 'get_me', arguments: {} });
    expect(refused).toMatchObject({ ok: false, status: 'error', code: 'invalid_arguments' });
  });

  it('keeps the dynamic mode at three meta-tools plus resume_job and the operations named by id, whose search, describe and call work', async () => {
    const set = createToolSpecs(session, { mode: 'dynamic' });
    expect(
      set.tools
        .filter((tool) => tool.kind !== 'operation')
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['call_operation', 'describe_operation', 'resume_job', 'search_operations']);
    // Named at connect(): a tool of its own in every mode.
    expect([...set.typedOperationIds].sort()).toEqual([
      'delete_api_keys_by_id',
      'get_wallet_balance',
      'post_wallet_fund',
    ]);
    expect(set.dynamicOperationIds).not.toContain('post_wallet_fund');
    const found = await set.tool('search_operations')?.execute({ query: 'make a video from text' });
    const matches = (found as { data: { matches: { name: string; operationId: string }[] } }).data.matches;
    expect(matches[0]?.operationId).toMatch(/text_to_video|text2video/);
    const described = await set.tool('describe_operation')?.execute({ operation: matches[0]?.name });
    expect((described as { data: { inputSchema: object } }).data.inputSchema).toHaveProperty(
      'properties.prompt',
    );
    const fund = set.tools.find((tool) => tool.operationId === 'post_wallet_fund');
    expect(await fund?.needsApproval({ amount: 5 })).toBe(true);
    const chat = await set.tool('call_operation')?.execute({
      operation: 'v7_llm_chat_completions',
      arguments: { model: 'llama-3.3-70b', messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(chat).toMatchObject({ ok: true, text: expect.stringContaining('You said: "Hi"') });
  });

  it('answers through resume_job as the typed tool it resumes: the same hint, progress and success', async () => {
    const set = createToolSpecs(session, { mode: 'typed', waitMs: 10_000 });
    const video = set.tools.find((tool) => tool.operationId === 'v8_video_text_to_video');
    const first = await video?.execute({ model_id: 'veo-3', prompt: 'tide' });
    const requestId = (first as { requestId: string }).requestId;
    const resume = set.tool('resume_job');
    const again = await resume?.execute({ operation: video?.name, request_id: requestId });
    // Still running: the same hint, naming the same resume call, as the tool's own answer.
    expect(again).toMatchObject({ ok: false, status: 'processing', operationId: 'v8_video_text_to_video' });
    expect((again as { hint: string }).hint.replace(/\d+ seconds/, 'N seconds')).toBe(
      (first as { hint: string }).hint.replace(/\d+ seconds/, 'N seconds'),
    );
    const progress: ToolProgress[] = [];
    const finished = await createToolSpecs(session, { mode: 'typed', waitMs: 300_000 })
      .tool('resume_job')
      ?.execute(
        { operation: 'v8_video_text_to_video', request_id: requestId },
        { onProgress: (event) => progress.push(event) },
      );
    expect(progress.length).toBeGreaterThan(0);
    // Progress names the operation's own tool, as the typed tool's does.
    expect(new Set(progress.map(({ tool, operationId }) => `${tool} ${operationId}`))).toEqual(
      new Set([`${video?.name} v8_video_text_to_video`]),
    );
    const direct = await createToolSpecs(session, { mode: 'typed', waitMs: 300_000 })
      .tools.find((tool) => tool.operationId === 'v8_video_text_to_video')
      ?.execute({ model_id: 'veo-3', prompt: 'tide' });
    expect(Object.keys(finished as object).sort()).toEqual(Object.keys(direct as object).sort());
    expect(finished).toMatchObject({ ok: true, status: 'success', requestId });
  });

  it('refuses a job id that cannot be a path segment, through resume_job and the session alike, before anything is sent', async () => {
    const sent: string[] = [];
    const watched = await connect({
      service,
      apiKey: account.apiKey,
      operations: { ids: ['v8_video_text_to_video'] },
      http: {
        ...virtualHttp(emulator),
        onEvent: (event) => (event.type === 'request' ? sent.push(event.url) : undefined),
      },
    });
    try {
      const resume = createToolSpecs(watched, { mode: 'typed' }).tool('resume_job');
      for (const request_id of ['..', '.']) {
        const result = await resume?.execute({ operation: 'v8_video_text_to_video', request_id });
        expect(result).toMatchObject({
          ok: false,
          code: 'invalid_arguments',
          problems: [{ field: 'request_id' }],
        });
        const thrown = await Promise.resolve()
          .then(() => watched.resumeById('v8_video_text_to_video', request_id))
          .catch((error: unknown) => error);
        expect(InvalidArgumentsError.isInstance(thrown), request_id).toBe(true);
      }
      expect(sent).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('says of each tool whether it can wait for a job and whether a call may need approval', async () => {
    const asynchronous = new Set(session.operations.filter((op) => op.async).map((op) => op.id));
    const typed = createToolSpecs(session, { mode: 'typed' });
    for (const tool of typed.tools) {
      if (tool.kind === 'resume') {
        expect(tool).toMatchObject({ waitsForJobs: true, mayNeedApproval: false });
        continue;
      }
      expect(tool.waitsForJobs, tool.name).toBe(asynchronous.has(tool.operationId as string));
    }
    const fund = typed.tools.find((tool) => tool.operationId === 'post_wallet_fund');
    const balance = typed.tools.find((tool) => tool.operationId === 'get_wallet_balance');
    expect([fund?.mayNeedApproval, balance?.mayNeedApproval]).toEqual([true, false]);
    expect(
      createToolSpecs(session, { mode: 'typed', approval: 'never' }).tools.some(
        (tool) => tool.mayNeedApproval,
      ),
    ).toBe(false);

    // Chosen without naming ids, the wallet and video operations stay behind call_operation.
    const unnamed = await connect({
      service,
      apiKey: account.apiKey,
      auth: { email: account.email, password: account.password },
      operations: {
        all: true,
        where: (operation) => ['post_wallet_fund', 'v8_video_text_to_video'].includes(operation.id),
      },
      http: virtualHttp(emulator),
    });
    try {
      const dynamic = createToolSpecs(unnamed, { mode: 'dynamic' });
      expect(
        Object.fromEntries(
          dynamic.tools.map((tool) => [tool.kind, [tool.waitsForJobs, tool.mayNeedApproval]]),
        ),
      ).toEqual({
        search: [false, false],
        describe: [false, false],
        call: [true, true],
        resume: [true, false],
      });
    } finally {
      await unnamed.close();
    }
    // The call tool of auto mode reaches only what did not fit: it says so of those alone.
    const reads = createToolSpecs(session, {
      mode: 'auto',
      tokenBudget: 1,
      include: {
        all: true,
        where: (operation) => ['get_wallet_balance', 'v7_llm_chat_completions'].includes(operation.id),
      },
    });
    expect(reads.tool('call_operation')).toMatchObject({ waitsForJobs: false, mayNeedApproval: false });
  });

  it('counts each definition of auto mode once, and offers the very definitions it counted', () => {
    const counted: string[] = [];
    const countTokens = (text: string) => {
      counted.push(text);
      return Math.ceil(text.length / 4);
    };
    const set = createToolSpecs(session, { mode: 'auto', tokenBudget: 4000, countTokens });
    // Every operation's typed tool, resume_job and the three meta-tools: each counted once.
    expect(counted).toHaveLength(session.operations.length + 4);
    expect(new Set(counted).size).toBe(counted.length);
    for (const tool of set.tools.filter(
      (candidate) =>
        candidate.kind !== 'search' && candidate.kind !== 'describe' && candidate.kind !== 'call',
    )) {
      const { name, description, inputSchema } = tool;
      expect(counted, name).toContain(
        serialiseToolDefinition({ name, description, inputSchema }, WIRE_FORMAT_OF_PROFILE.default),
      );
    }
  });

  it('fits typed tools within a token budget in auto mode, and measures its footprint with a real tokenizer', async () => {
    const set = createToolSpecs(session, { mode: 'auto', tokenBudget: 4000 });
    expect(set.typedOperationIds.length).toBeGreaterThan(3);
    expect(set.dynamicOperationIds.length).toBeGreaterThan(100);
    const footprint = await set.footprint();
    expect(footprint.tokens).toBeLessThan(5000);
    // Chosen with the estimate (no countTokens given), counted exactly: within the estimate's error.
    expect(footprint.countedWith).toBe('o200k_base');
    expect(footprint.tokens).toBeLessThanOrEqual(4000 * 1.04);
    // Counted with the same tokenizer, the whole offer (resume_job and the profiled meta-tools
    // included) stays within the budget, whatever the profile.
    const countTokens = await loadTokenCounter();
    for (const schema of ['default', 'openai-strict', 'gemini', 'anthropic'] as const) {
      const exact = createToolSpecs(session, { mode: 'auto', tokenBudget: 4000, countTokens, schema });
      expect((await exact.footprint()).tokens, schema).toBeLessThanOrEqual(4000);
    }
    const typed = await createToolSpecs(session, { mode: 'typed' }).footprint();
    expect(typed.tokens).toBeGreaterThan(footprint.tokens * 5);
  });
});
