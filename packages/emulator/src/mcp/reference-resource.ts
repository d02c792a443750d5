import type { EmulatorContext } from '../context.js';

/** What a reference resource is read from: the emulator's settings and the origin the client used. */
export interface ResourceSource {
  readonly ctx: EmulatorContext;
  readonly origin: string;
}

/** A read-only document every hosted MCP server offers through resources/list and resources/read. */
export interface ReferenceResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: 'application/json' | 'text/markdown';
  read(source: ResourceSource): string;
}
