/**
 * The emulator's OpenAPI document, moved to a test server's origin, with one operation taking an
 * `Idempotency-Key` header: a keyed service, as payment and generation APIs that charge once per
 * key publish themselves.
 * @module
 */
import type { Emulator } from 'generation-agent-toolkit-emulator';

/** The document at `origin`, `operationId` taking an optional Idempotency-Key. */
export async function keyedOpenApi(emulator: Emulator, origin: string, operationId: string): Promise<string> {
  const text = (await (await fetch(`${emulator.url}/openapi.json`)).text()).replaceAll(emulator.url, origin);
  const document = JSON.parse(text) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item))
      if (operation?.operationId === operationId)
        operation.parameters = [
          ...((operation.parameters as unknown[] | undefined) ?? []),
          { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } },
        ];
  return JSON.stringify(document);
}
