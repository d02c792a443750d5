/**
 * Secrets the service hands back (the key `POST /api-keys` creates, the tokens of a login) are
 * the application's, not the model's: a tool result shows where they were, never what they are,
 * and the application receives them through `onSecret`.
 * @module
 */
import { isSecretField, type Redactor } from '../http/index.js';
import type { ToolSuccess } from './tool-result.js';

/**
 * A secret found in an answer and kept out of the tool result.
 * @inline
 */
export interface ReturnedSecret {
  readonly operationId: string;
  /** Where it was in the answer: `key`, `data.tokens[0].access_token`. */
  readonly field: string;
  readonly value: string;
}

export interface WithholdOptions {
  readonly redactor: Redactor;
  readonly onSecret?: ((secret: ReturnedSecret) => void) | undefined;
}

const DEEPEST = 32;

function placeholder(delivered: boolean): string {
  return delivered ? '[withheld from the model: given to the application]' : '[withheld from the model]';
}

/**
 * `result` with every secret field of its data replaced by a placeholder; each secret is handed
 * to `onSecret` and registered with the redactor, so no later log or error shows it either.
 */
export function withholdSecrets(result: ToolSuccess, options: WithholdOptions): ToolSuccess {
  if (result.data === undefined && result.text === undefined) return result;
  const found: ReturnedSecret[] = [];
  const copy = (value: unknown, path: string, depth: number): unknown => {
    if (typeof value !== 'object' || value === null || depth > DEEPEST) return value;
    if (Array.isArray(value)) return value.map((item, index) => copy(item, `${path}[${index}]`, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      const at = path ? `${path}.${name}` : name;
      if (isSecretField(name) && typeof field === 'string' && field !== '') {
        found.push({ operationId: result.operationId, field: at, value: field });
        out[name] = placeholder(options.onSecret !== undefined);
      } else out[name] = copy(field, at, depth + 1);
    }
    return out;
  };
  const data = result.data === undefined ? undefined : copy(result.data, '', 0);
  for (const secret of found) {
    options.redactor.learnSecret(secret.value);
    options.onSecret?.(secret);
  }
  return {
    ...result,
    ...(data !== undefined ? { data } : {}),
    ...(result.text !== undefined ? { text: options.redactor.redact(result.text) } : {}),
  };
}
