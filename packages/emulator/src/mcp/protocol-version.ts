/**
 * The MCP revision the servers are built for: the latest one the supported SDK range speaks. The
 * discovery documents publish it without loading the SDK; the live handshake negotiates for real.
 */
export const MCP_PROTOCOL_VERSION = '2025-11-25';
