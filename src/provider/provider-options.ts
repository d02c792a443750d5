/**
 * `providerOptions.generation`: fields of the operation, passed through as the service names
 * them. They are sent after the SDK's own settings, so they can also override a mapping.
 * @module
 */
import type { JSONValue, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { PROVIDER_NAME } from './service-connection.js';

export function providerOptionsOf(options: SharedV4ProviderOptions | undefined): Record<string, JSONValue> {
  const mine = options?.[PROVIDER_NAME] ?? {};
  const fields: Record<string, JSONValue> = {};
  for (const [name, value] of Object.entries(mine)) if (value !== undefined) fields[name] = value;
  return fields;
}
