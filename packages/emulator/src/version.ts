declare const __PACKAGE_VERSION__: string;

/**
 * The emulator package's version, injected at build time (and by vitest in tests); the documents
 * and MCP servers it publishes carry it.
 */
export const VERSION: string = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-dev';
