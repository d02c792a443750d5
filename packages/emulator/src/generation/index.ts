import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import { generationBodySchema, generationQuerySchema, pathParameters } from '../catalogue/request-schema.js';
import type { GenerationOperation, JsonSchema } from '../catalogue/types.js';
import type { EmulatorApp, EmulatorContext, RequestContext } from '../context.js';
import { topUpIfBelowThreshold } from '../control-plane/auto-funding.js';
import { isRecord, readJsonBody } from '../http/body.js';
import { summarize, validate } from '../http/validate.js';
import { toMicros } from '../money.js';
import type { Account } from '../state/records.js';
import { InsufficientFundsError } from '../state/store.js';
import { answerFor } from './answers.js';
import { authenticateKey } from './authenticate.js';
import { modelList, storeBase64, voiceList } from './catalogue-answers.js';
import { coerceLegacyBody, coerceQuery } from './coerce.js';
import type { Job } from './job-store.js';
import { answerLlm } from './llm.js';
import { generationError, insufficientCredits, withQuirks } from './respond.js';
import { submitJob } from './submit.js';
import { changeTraining, listTrainings, trainingStatus } from './training.js';
import { refuseUnknownModel } from './unknown-model.js';

type Input = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Each operation's request schema, built once: the validator compiles a schema per object, so a
 * schema rebuilt per request would be compiled (and kept by ajv) on every request.
 */
const requestSchemas = new WeakMap<GenerationOperation, JsonSchema>();

function requestSchemaOf(operation: GenerationOperation): JsonSchema {
  let schema = requestSchemas.get(operation);
  if (!schema) {
    schema =
      operation.method === 'GET'
        ? generationQuerySchema(operation)
        : (generationBodySchema(operation) ?? { type: 'object' });
    requestSchemas.set(operation, schema);
  }
  return schema;
}

/** Reads and checks what the caller sent: the query of a GET, the JSON body of a POST. */
async function readInput(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
): Promise<Input> {
  if (operation.method === 'GET') {
    const schema = requestSchemaOf(operation);
    const query = coerceQuery(schema, c.req.query());
    const problems = validate(schema, query);
    if (problems.length === 0) return { ok: true, value: query };
    return {
      ok: false,
      response: generationError(c, ctx, operation, 422, `Invalid query: ${summarize(problems)}.`),
    };
  }
  const body = await readJsonBody(c, ctx.options.maxBodyBytes);
  if (!body.ok) return { ok: false, response: generationError(c, ctx, operation, body.status, body.message) };
  if (!isRecord(body.value)) {
    return {
      ok: false,
      response: generationError(c, ctx, operation, 400, 'The request body must be a JSON object.'),
    };
  }
  const schema = requestSchemaOf(operation);
  const value = (operation.version === 'v6' ? coerceLegacyBody(schema, body.value) : body.value) as Record<
    string,
    unknown
  >;
  const problems = validate(schema, value);
  if (problems.length === 0) return { ok: true, value };
  const errors = Object.fromEntries(problems.map((problem) => [problem.field, [problem.message]]));
  return {
    ok: false,
    response: generationError(c, ctx, operation, 422, `Validation failed: ${summarize(problems)}.`, {
      errors,
    }),
  };
}

/** The job a fetch, status, cancel or delete call names, if it belongs to the caller and this family. */
function findJob(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  account: Account,
  input: Record<string, unknown>,
): Job | undefined {
  const [parameter] = pathParameters(operation.path);
  const id = parameter ? c.req.param(parameter) : input.request_id;
  const job = ctx.jobs.get(id);
  if (!job || job.accountId !== account.id) return undefined;
  const sameFamily =
    job.operation.fetch === operation.path ||
    (job.operation.category === 'training' &&
      operation.category === 'training' &&
      job.operation.version === operation.version);
  return sameFamily ? job : undefined;
}

function notFound(c: RequestContext, ctx: EmulatorContext, operation: GenerationOperation): Response {
  return generationError(
    c,
    ctx,
    operation,
    404,
    'No queued request with this id for this API key. Use the id from the answer that queued it, with the fetch operation of the same family.',
  );
}

/** Charges a synchronous paid call (chat), or answers 402. */
function chargeSync(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  account: Account,
): Response | undefined {
  if (operation.price <= 0) return undefined;
  const price = toMicros(operation.price);
  try {
    const reference = ctx.state.nextId('chat');
    ctx.state.debit(account, price, operation.operationId, reference);
    topUpIfBelowThreshold(ctx, account);
    ctx.state.recordUsage(account, {
      operationId: operation.operationId,
      category: operation.category,
      status: 'success',
      credits: price,
    });
    return undefined;
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    return insufficientCredits(c, ctx, operation, price, error.balance);
  }
}

async function handle(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
): Promise<Response> {
  const auth = await authenticateKey(c, ctx, operation);
  if (!auth.ok) return auth.response;
  const { account } = auth;
  const input = await readInput(c, ctx, operation);
  if (!input.ok) return input.response;
  const values = input.value;
  const unknownModel = refuseUnknownModel(c, ctx, operation, account, values);
  if (unknownModel) return unknownModel;

  switch (operation.result) {
    case 'fetch': {
      const job = findJob(c, ctx, operation, account, values);
      if (!job) return notFound(c, ctx, operation);
      if (job.operation.category === 'training')
        return c.json(withQuirks(ctx, trainingStatus(ctx, job, operation)));
      return c.json(withQuirks(ctx, answerFor(ctx, job)));
    }
    case 'training-status': {
      const job = findJob(c, ctx, operation, account, values);
      return job ? c.json(withQuirks(ctx, trainingStatus(ctx, job, operation))) : notFound(c, ctx, operation);
    }
    case 'training-cancel':
    case 'training-delete': {
      const job = findJob(c, ctx, operation, account, values);
      return job ? changeTraining(c, ctx, operation, job) : notFound(c, ctx, operation);
    }
    case 'training-list':
      return listTrainings(c, ctx, operation, account, values);
    case 'model-list':
      return modelList(c, operation, values);
    case 'voice-list':
      return voiceList(c, ctx, account);
    case 'model-reload':
      return c.json({
        status: 'success',
        message: `Model ${String(values.model_id)} is reloading; it answers again in about 30 seconds.`,
      });
    case 'upload':
      return storeBase64(c, ctx, operation, values);
    case 'chat-v6':
    case 'chat-openai':
    case 'messages-anthropic':
      return chargeSync(c, ctx, operation, account) ?? answerLlm(c, ctx, operation, values);
    case 'count-tokens':
    case 'llm-model-list':
      return answerLlm(c, ctx, operation, values);
    default:
      return submitJob(c, ctx, operation, account, values, ctx.jobs.deliveries);
  }
}

/** Serves the 133 operations of the generation API, one route each, from the catalogue. */
export function registerGeneration(app: EmulatorApp, ctx: EmulatorContext): void {
  for (const operation of GENERATION_OPERATIONS) {
    const route = operation.path.replace(/\{([^}]+)\}/g, ':$1');
    app.on(operation.method, route, (c) => handle(c, ctx, operation));
  }
}
