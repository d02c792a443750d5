import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import type { ControlPlaneOperation } from '../catalogue/types.js';
import { isRecord } from '../http/body.js';
import { callService } from './call-service.js';
import { describeAction } from './control-plane-action-description.js';
import type {
  McpToolDefinition,
  ToolAnnotations,
  ToolCallContext,
  ToolCallResult,
} from './tool-definition.js';
import { toolError } from './tool-result.js';

/** What each resource's tool is for; a resource missing here still gets a tool, with a plain line. */
const RESOURCE_PURPOSE: Readonly<Record<string, string>> = {
  auth: 'Sign up, claim the account with the e-mailed code, log in and out, and list, rotate or revoke control-plane tokens.',
  profile: "Read and update the account's profile, password, preferences and social links.",
  'api-keys': 'List, create, rename and delete generation API keys.',
  usage: 'Read usage summaries, usage per product and the request history.',
  models: 'Browse the model catalogue: search, filters, tags, providers, one model.',
  uploads: 'Upload files and base64 payloads to use as generation inputs.',
  billing: 'Billing details, invoices, payment methods and payment links.',
  wallet: 'Wallet balance and transactions, funding, withdrawal, coupons and auto-funding.',
  subscriptions: 'Plans and subscriptions: buy, change, pause, resume, repair.',
  teams: 'Teams and their members: create, invite, change roles, remove, accept invitations.',
  changelog: "The service's changelog.",
};

const IDEMPOTENCY_PARAM = 'idempotency_key';

function resourcesOf(operations: readonly ControlPlaneOperation[]): Map<string, ControlPlaneOperation[]> {
  const byResource = new Map<string, ControlPlaneOperation[]>();
  for (const operation of operations) {
    byResource.set(operation.resource, [...(byResource.get(operation.resource) ?? []), operation]);
  }
  return byResource;
}

function annotationsOf(title: string, operations: readonly ControlPlaneOperation[]): ToolAnnotations {
  const readOnly = operations.every((operation) => operation.method === 'GET');
  const destructive = operations.some(
    (operation) =>
      operation.method === 'DELETE' ||
      operation.effect === 'destructive' ||
      /revoke|withdraw/.test(operation.operationId),
  );
  return {
    title,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && destructive,
    idempotentHint: readOnly,
    openWorldHint: true,
  };
}

function describeResource(resource: string, operations: readonly ControlPlaneOperation[]): string {
  return [
    RESOURCE_PURPOSE[resource] ?? `Actions on ${resource}.`,
    'Choose an `action`; put its path parameters, query parameters and body fields in `params`.',
    'Authenticated with the control-plane token of the MCP connection; each action needs the scope named below.',
    'Actions:',
    ...operations.map(describeAction),
  ].join('\n');
}

async function runAction(
  toolName: string,
  operations: readonly ControlPlaneOperation[],
  args: Record<string, unknown>,
  context: ToolCallContext,
): Promise<ToolCallResult> {
  const actions = operations.map((operation) => operation.operationId);
  const { action, params = {}, ...extra } = args;
  const operation = operations.find((candidate) => candidate.operationId === action);
  if (!operation) {
    return toolError(
      `${toolName} has no action ${JSON.stringify(action)}; choose one of: ${actions.join(', ')}.`,
    );
  }
  if (!isRecord(params)) return toolError('`params` must be an object of the fields the action takes.');
  const stray = Object.keys(extra);
  if (stray.length > 0) {
    return toolError(
      `Put ${stray.map((name) => `\`${name}\``).join(', ')} inside \`params\`: {"action": "${operation.operationId}", "params": {...}}.`,
    );
  }

  // Only money actions take the key, as a header; elsewhere it stays an ordinary field for the service to judge.
  const { [IDEMPOTENCY_PARAM]: idempotencyKey, ...rest } = params;
  const keyed =
    operation.idempotent && (typeof idempotencyKey === 'string' || typeof idempotencyKey === 'number')
      ? String(idempotencyKey)
      : '';
  return callService(context, {
    method: operation.method,
    pathTemplate: operation.path,
    params: operation.idempotent ? rest : params,
    queryNames: new Set(Object.keys((operation.query?.properties ?? {}) as object)),
    ...(keyed ? { headers: { 'Idempotency-Key': keyed } } : {}),
  });
}

function resourceTool(resource: string, operations: readonly ControlPlaneOperation[]): McpToolDefinition {
  const name = `agent-${resource}`;
  const title = `Agent ${resource.replace(/-/g, ' ').replace(/\bapi\b/, 'API')}`;
  return {
    name,
    title,
    description: describeResource(resource, operations),
    inputSchema: {
      type: 'object',
      required: ['action'],
      properties: {
        action: {
          type: 'string',
          enum: operations.map((operation) => operation.operationId),
          description: 'The action to run (see the description).',
        },
        params: {
          type: 'object',
          description:
            'Path parameters, query parameters and body fields of the action, by name; money actions also take idempotency_key.',
          additionalProperties: true,
        },
      },
      additionalProperties: false,
    },
    annotations: annotationsOf(title, operations),
    call: (args, context) => runAction(name, operations, args, context),
  };
}

/**
 * The tools of the hosted control-plane server: one per resource (`agent-wallet`, ...), with the
 * operations of the resource as its actions. Like production, wallet funding runs without asking
 * anyone: confirmation is the toolkit's job, not the server's.
 */
export function controlPlaneTools(): McpToolDefinition[] {
  return [...resourcesOf(CONTROL_PLANE_OPERATIONS)].map(([resource, operations]) =>
    resourceTool(resource, operations),
  );
}
