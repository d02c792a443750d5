/** The hosted MCP servers of the service. */
export type McpServerId = 'generation-v7' | 'generation-v8' | 'control-plane';

/** How a client authenticates to a server: a bearer credential on every MCP request. */
export interface McpAuthentication {
  readonly scheme: 'bearer';
  readonly credential: 'generation-api-key' | 'control-plane-token';
  readonly description: string;
}

/** Who a server is, where it lives and how to talk to it; its tools come from the catalogue. */
export interface McpServerIdentity {
  readonly id: McpServerId;
  /** Path on the emulator's origin, e.g. `/mcp/generation-v7`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly instructions: string;
  readonly authentication: McpAuthentication;
}

const GENERATION_KEY: McpAuthentication = {
  scheme: 'bearer',
  credential: 'generation-api-key',
  description:
    'Send `Authorization: Bearer <generation API key>`; every tool call forwards it to the generation API. Listing tools and reading resources need no credential.',
};

function generationInstructions(version: string): string {
  return [
    `Tools of the generation API ${version}, one per operation.`,
    'Asynchronous tools may answer status "processing" with an `id` and an `eta`: call the fetch-* tool their description names with that id, after about eta seconds, until the status is "success". Tools never wait for you.',
    'Errors answer status "error" (or "failed") with a message, often with HTTP 200; such results are marked isError.',
    'Read reference://error-model, reference://rate-limit-policy and reference://site-index for the rules.',
  ].join(' ');
}

/** The three servers, in the order the manifest lists them. */
export const MCP_SERVER_IDENTITIES: readonly McpServerIdentity[] = [
  {
    id: 'generation-v7',
    path: '/mcp/generation-v7',
    title: 'Generation API v7',
    description:
      'Images, video (video fusion), voice and music, and OpenAI- and Anthropic-compatible LLM chat of the generation API v7, one tool per operation.',
    instructions: generationInstructions('v7'),
    authentication: GENERATION_KEY,
  },
  {
    id: 'generation-v8',
    path: '/mcp/generation-v8',
    title: 'Generation API v8',
    description:
      'Images and image editing, video, audio, 3D, fine-tuning and LLM chat of the generation API v8, one tool per operation.',
    instructions: generationInstructions('v8'),
    authentication: GENERATION_KEY,
  },
  {
    id: 'control-plane',
    path: '/mcp/control-plane',
    title: 'Agent control plane',
    description:
      'Account, tokens, API keys, usage, models, uploads, billing, wallet, subscriptions and teams of the agent control plane (/api/agents/v1), one tool per resource with an `action` argument.',
    instructions: [
      'One tool per resource of the agent control plane: choose an `action` and pass its fields in `params`.',
      'Authenticate with `Authorization: Bearer <control-plane token>`. agent-auth can sign up and log in without a token; then connect again with the token it returns.',
      "Each action needs the scope its description names; outside the token's scopes it answers 403 insufficient_scope (see reference://scope-catalogue).",
      'Money actions take `idempotency_key` in params, sent as the Idempotency-Key header: reuse it to retry the same charge safely.',
    ].join(' '),
    authentication: {
      scheme: 'bearer',
      credential: 'control-plane-token',
      description:
        'Send `Authorization: Bearer <control-plane token>` (from POST /api/agents/v1/auth/login, see /auth.md); every tool call forwards it. Listing tools, reading resources and the agent-auth actions that need no token work without it.',
    },
  },
];
