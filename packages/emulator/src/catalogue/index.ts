export { CONTROL_PLANE_OPERATIONS, CONTROL_PLANE_PREFIX } from './control-plane-operations.js';
export { CONTROL_PLANE_SCHEMAS } from './control-plane-schemas.js';
export { FIELDS, publishedName } from './fields.js';
export { GENERATION_OPERATIONS } from './generation-operations.js';
export { CONTROL_PLANE_SCOPES, isKnownScope, WILDCARD_SCOPE } from './scopes.js';
export type * from './types.js';
