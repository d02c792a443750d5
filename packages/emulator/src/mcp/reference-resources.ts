import { ERROR_MODEL_RESOURCE } from './error-model-resource.js';
import { RATE_LIMIT_POLICY_RESOURCE } from './rate-limit-policy-resource.js';
import type { ReferenceResource } from './reference-resource.js';
import { SCOPE_CATALOGUE_RESOURCE } from './scope-catalogue-resource.js';
import { SITE_INDEX_RESOURCE } from './site-index-resource.js';

/** The reference resources every hosted MCP server offers, in listing order. */
export const REFERENCE_RESOURCES: readonly ReferenceResource[] = [
  ERROR_MODEL_RESOURCE,
  RATE_LIMIT_POLICY_RESOURCE,
  SCOPE_CATALOGUE_RESOURCE,
  SITE_INDEX_RESOURCE,
];
