/**
 * The second scenario every runtime runs (test/runtimes/every-runtime.test.ts): each entry that
 * makes sense there, used as its framework uses it, from the packed package. Returns what
 * happened; the test judges it.
 *
 * - /langchain: LangChain's createAgent with its fake model calls the image tool (on edge-runtime,
 *   which lacks the AbortSignal.any LangChain's loop needs, the tool is invoked with a tool call).
 * - /provider: the AI SDK's generateText with the toolkit's provider chats with a model.
 * - /spend: a budget store of the entry, and a call the budget refuses before it is sent.
 * - The webhook receiver's Web handler (`receiver.handle`): a delivery from the service resolves
 *   the waiting call. `listen(handle)` is the runtime's own server (Deno.serve, Bun.serve,
 *   node:http, or the host's: the edge runtime's server, workerd's socket) and returns its URL.
 * - The MCP server's Web handler: raw JSON-RPC of the 2026-07-28 protocol lists the tools and
 *   calls one (on workerd, the Worker serves it to the host instead: see worker.mjs).
 */
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { generateText } from 'ai';
import { connect, createWebhookReceiver, discover, ServiceDescription } from 'generation-agent-toolkit';
import { createLangChainTools } from 'generation-agent-toolkit/langchain';
import { createMcpHttpHandler, createMcpServerFactory } from 'generation-agent-toolkit/mcp';
import { createGenerationProvider } from 'generation-agent-toolkit/provider';
import { MemoryBudgetStore } from 'generation-agent-toolkit/spend';
import { createAgent } from 'langchain';

const IMAGE = { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' };

async function langchain(session) {
  const tools = createLangChainTools(session, { mode: 'typed' });
  const image = tools.find((tool) => tool.name === 'v7_images_text_to_image');
  if (typeof AbortSignal.any !== 'function') {
    // LangChain's agent loop merges signals with AbortSignal.any, which edge-runtime 4 lacks: the
    // tool is invoked as the agent would invoke it, with a tool call.
    const message = await image.invoke({
      type: 'tool_call',
      name: image.name,
      args: IMAGE,
      id: 'call_image',
    });
    const content = JSON.parse(message.content);
    return { via: 'tool call', ok: content.ok === true, status: content.status };
  }
  const model = fakeModel()
    .respondWithTools([{ name: image.name, args: IMAGE, id: 'call_image' }])
    .respond(new AIMessage('Here is your lighthouse.'));
  const agent = createAgent({ model, tools });
  const state = await agent.invoke({ messages: [new HumanMessage('Draw a lighthouse')] });
  const answer = state.messages.find((message) => message.tool_call_id === 'call_image');
  const content = JSON.parse(answer?.content ?? '{}');
  return {
    via: 'createAgent',
    ok: content.ok === true,
    status: content.status,
    last: state.messages.at(-1)?.text,
  };
}

async function provider({ baseUrl, apiKey, service }) {
  const generation = createGenerationProvider({ baseURL: baseUrl, apiKey, service });
  const result = await generateText({ model: generation('llama-3.3-70b'), prompt: 'Name a colour.' });
  return { text: result.text, finishReason: result.finishReason };
}

async function spend({ baseUrl, apiKey, service }) {
  const session = await connect({
    baseUrl,
    apiKey,
    service,
    operations: { ids: ['v7_images_text_to_image'] },
    budget: { amount: 0.001, currency: 'usd', store: new MemoryBudgetStore() },
  });
  try {
    await session.call('v7_images_text_to_image', IMAGE);
    return { refused: false };
  } catch (error) {
    return { refused: true, code: error.code };
  } finally {
    await session.close();
  }
}

async function webhook({ baseUrl, apiKey, service, listen }) {
  const session = await connect({
    baseUrl,
    apiKey,
    service,
    operations: { ids: ['v7_images_text_to_image'] },
  });
  let deliveries = 0;
  let receiver;
  try {
    // The server listens first: the receiver's public URL is its address.
    const publicUrl = await listen((request) => {
      deliveries += 1;
      return receiver.handle(request);
    });
    // No poll before a minute past the eta: the call ends by the delivery.
    receiver = createWebhookReceiver(session, { publicUrl, fallbackMarginMs: 60_000 });
    const result = await session.call('v7_images_text_to_image', IMAGE);
    return { status: result.status, deliveries };
  } finally {
    await session.close();
  }
}

/** Raw JSON-RPC of the 2026-07-28 protocol: no initialize, the version and client in _meta. */
export function mcpRequest(id, method, params = {}) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(params.name ? { 'mcp-name': params.name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'runtime-scenario', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  };
}

/** The last JSON-RPC message of an answer, JSON or an event stream. */
export async function lastMessage(response) {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const messages = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)));
  return messages.filter((message) => 'result' in message || 'error' in message).at(-1) ?? {};
}

/** The MCP endpoint of a session, as a Web handler. */
export function mcpHandler(session) {
  return createMcpHttpHandler(createMcpServerFactory(session, { mode: 'typed' }), {
    allowedHosts: ['127.0.0.1', 'localhost', 'mcp.test'],
  });
}

/** Lists the tools and runs the image tool through `send(init) => Response`. */
export async function mcpExchange(send) {
  const listed = await lastMessage(await send(mcpRequest(1, 'tools/list')));
  const called = await lastMessage(
    await send(mcpRequest(2, 'tools/call', { name: 'v7_images_text_to_image', arguments: IMAGE })),
  );
  return {
    tools: (listed.result?.tools ?? []).map((tool) => tool.name).sort(),
    called: called.result?.structuredContent ?? called.error ?? null,
  };
}

async function mcp({ baseUrl, apiKey, service }) {
  const session = await connect({
    baseUrl,
    apiKey,
    service,
    operations: { ids: ['v7_images_text_to_image'] },
  });
  const handler = mcpHandler(session);
  try {
    return await mcpExchange((init) => handler.fetch(new Request('http://127.0.0.1/mcp', init)));
  } finally {
    await handler.close();
    await session.close();
  }
}

/**
 * Runs each entry against the service at `baseUrl`; `snapshot` (a saved description) or discovery
 * gives the description. `skip` names parts the caller runs another way (`mcp` on workerd).
 */
export async function runEntries({ baseUrl, apiKey, email, password, snapshot, listen, skip = [] }) {
  const report = { entries: {} };
  const service = snapshot ? ServiceDescription.fromSnapshot(snapshot) : await discover(baseUrl);
  const common = { baseUrl, apiKey, service, listen };
  const parts = { langchain: null, provider, spend, webhook, mcp };
  for (const [name, part] of Object.entries(parts)) {
    if (skip.includes(name)) continue;
    try {
      if (name === 'langchain') {
        const session = await connect({
          baseUrl,
          apiKey,
          service,
          auth: { email, password },
          operations: { ids: ['v7_images_text_to_image'] },
        });
        try {
          report.entries.langchain = await langchain(session);
        } finally {
          await session.close();
        }
      } else report.entries[name] = await part(common);
    } catch (error) {
      report.entries[name] = { error: String(error?.stack ?? error).slice(0, 2000) };
    }
  }
  return report;
}
