export type { BuildRequestOptions, KeyPlacement } from './build-request.js';
export { buildRequest, credentialFor, idempotencyOf } from './build-request.js';
export type { CallContext, CallOptions, CallResult, CallSuccess, PendingCall } from './call-operation.js';
export { callOperation, pendingFromId, resumeCall } from './call-operation.js';
export type { CallWebhooks, OpenedTrack, TrackWatch } from './call-webhooks.js';
export { InvalidArgumentsError } from './invalid-arguments-error.js';
export type { CallOutput } from './outputs.js';
export { mediaTypeOf, outputsOf } from './outputs.js';
export { type SendableInput, sendableInput } from './sendable-input.js';
