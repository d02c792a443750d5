/** The MCP capabilities every hosted server declares: fixed tools and resources, nothing to subscribe to. */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
} as const;
