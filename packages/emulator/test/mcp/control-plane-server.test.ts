import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { connectMcp } from './mcp-client.js';

const RESOURCE_TOOLS = [
  'agent-auth',
  'agent-profile',
  'agent-api-keys',
  'agent-usage',
  'agent-models',
  'agent-uploads',
  'agent-billing',
  'agent-wallet',
  'agent-subscriptions',
  'agent-teams',
  'agent-changelog',
];

interface ActionSchema {
  required: string[];
  properties: { action: { enum: string[] }; params: { type: string } };
}

let emulator: Emulator;
let tools: Tool[];

beforeAll(async () => {
  emulator = await startEmulator();
  const client = await connectMcp(`${emulator.url}/mcp/control-plane`);
  tools = (await client.listTools()).tools;
  await client.close();
});
afterAll(() => emulator.close());

const toolNamed = (name: string) => tools.find((tool) => tool.name === name)!;
const operationsOf = (name: string) =>
  CONTROL_PLANE_OPERATIONS.filter((operation) => `agent-${operation.resource}` === name);

describe('the control-plane MCP server', () => {
  it('offers one tool per resource (11)', () => {
    expect(tools.map((tool) => tool.name)).toEqual(RESOURCE_TOOLS);
  });

  it("takes an action among the resource's operationIds and an optional params object", () => {
    let actions = 0;
    for (const name of RESOURCE_TOOLS) {
      const schema = toolNamed(name).inputSchema as unknown as ActionSchema;
      const operationIds = operationsOf(name).map((operation) => operation.operationId);
      expect(schema.required).toEqual(['action']);
      expect(schema.properties.action.enum).toEqual(operationIds);
      expect(schema.properties.params.type).toBe('object');
      actions += operationIds.length;
    }
    expect(actions).toBe(CONTROL_PLANE_OPERATIONS.length);
  });

  it('describes each action with its method, path and scope', () => {
    for (const operation of CONTROL_PLANE_OPERATIONS) {
      const description = toolNamed(`agent-${operation.resource}`).description ?? '';
      const line = description
        .split('\n')
        .find((candidate) => candidate.startsWith(`- ${operation.operationId}:`));
      expect(line, operation.operationId).toContain(`${operation.method} ${operation.path}`);
      expect(line).toContain(operation.requiredScope ? `scope ${operation.requiredScope}` : 'no scope');
    }
  });

  it('lists the fields an action takes', () => {
    const wallet = toolNamed('agent-wallet').description ?? '';
    expect(wallet).toMatch(
      /post_wallet_fund:.*amount \(number, required\).*payment_method_id.*idempotency_key/,
    );
    expect(toolNamed('agent-api-keys').description).toMatch(
      /get_api_keys_by_id:.*id \(path, string, required\)/,
    );
  });

  it('marks the resources that delete, revoke or withdraw as destructive', () => {
    const destructive = tools.filter((tool) => tool.annotations?.destructiveHint).map((tool) => tool.name);
    expect(destructive).toEqual([
      'agent-auth',
      'agent-api-keys',
      'agent-billing',
      'agent-wallet',
      'agent-teams',
    ]);
  });

  it('marks only the resources whose actions are all GET as read-only', () => {
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly).toEqual(['agent-usage', 'agent-models', 'agent-changelog']);
    for (const name of readOnly) {
      expect(operationsOf(name).every((operation) => operation.method === 'GET')).toBe(true);
    }
  });

  it('puts no confirmation in front of wallet funding, as production does', () => {
    expect(toolNamed('agent-wallet').inputSchema.properties).not.toHaveProperty('confirm');
  });
});
