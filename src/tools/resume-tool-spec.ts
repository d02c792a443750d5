/**
 * `resume_job`: the tool that waits again for a job another tool handed back as "processing".
 * @module
 */

import type { Session } from '../auth/session.js';
import type { Operation } from '../discovery/types.js';
import { invalidArgumentsResult, META_ANNOTATIONS } from './meta-tool-parts.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import type { ToolCallRunner } from './tool-call-result.js';
import type { ToolNames } from './tool-names.js';
import type { ToolSpec } from './tool-spec.js';

const RESUME_SCHEMA = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      minLength: 1,
      description: 'The operation (or tool name) from the "processing" result.',
    },
    request_id: {
      type: ['string', 'integer'],
      description: 'The request_id from the "processing" result, exactly as given.',
    },
  },
  required: ['operation', 'request_id'],
};

export interface ResumeToolSpecOptions {
  readonly session: Session;
  /** The tool set's operations: the asynchronous ones can be resumed. */
  readonly operations: readonly Operation[];
  readonly names: ToolNames;
  readonly name: string;
  readonly profile: SchemaProfile;
  /** The runner the set's calling tools share, so that a resumed job answers as a call does. */
  readonly runCall: ToolCallRunner;
}

/** The resume tool of a tool set with asynchronous operations. */
export function resumeToolSpec(options: ResumeToolSpecOptions): ToolSpec {
  const { session, names, runCall } = options;
  const asynchronous = options.operations.filter((operation) => operation.async);
  const profiled = toProfile(RESUME_SCHEMA, options.profile);
  return {
    name: options.name,
    description:
      'Wait again for a generation job that was still running when its tool returned (status "processing"). Give the operation and request_id from that result; returns the result, or "processing" again with when to come back.',
    inputSchema: profiled.schema,
    annotations: { ...META_ANNOTATIONS, openWorldHint: true },
    kind: 'resume',
    effect: 'read',
    waitsForJobs: true,
    mayNeedApproval: false,
    needsApproval: async () => false,
    async execute(args, context = {}) {
      const restored = profiled.restore(args);
      const input =
        typeof restored === 'object' && restored !== null ? (restored as Record<string, unknown>) : {};
      const id =
        typeof input.operation === 'string'
          ? (names.operationIdOf(input.operation) ?? input.operation)
          : undefined;
      const operation = asynchronous.find((candidate) => candidate.id === id);
      const requestId = input.request_id;
      if (!operation)
        return invalidArgumentsResult('operation must be the operation of a "processing" result.');
      // Whether the id can be a path segment is the session's to say (`resumeById`), for every caller.
      if (
        !(typeof requestId === 'string' && requestId !== '') &&
        !(typeof requestId === 'number' && Number.isFinite(requestId))
      ) {
        return invalidArgumentsResult(
          'request_id must be the request_id of the "processing" result, a string or an integer.',
        );
      }
      return runCall(operation, context, (callOptions) =>
        session.resumeById(operation.id, requestId, callOptions),
      );
    },
  };
}
