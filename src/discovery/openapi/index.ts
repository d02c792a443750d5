/**
 * Reading OpenAPI documents into operations.
 * @module
 */

export { DEFAULT_OPENAPI_LIMITS, type OpenApiLimits } from './openapi-limits.js';
export { deriveOperationId } from './operation-ids.js';
export {
  type OpenApiSurfaceReading,
  type ReadOpenApiSurfaceOptions,
  readOpenApiSurface,
} from './read-openapi-surface.js';
