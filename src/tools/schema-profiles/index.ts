/**
 * Input schemas shaped per model family, and the rules of each family.
 * @module
 */

export type { CleanSchemaOptions } from '../../schema/clean-schema.js';
export { profileProblems } from './profile-problems.js';
export { type ToProfileOptions, toProfile } from './to-profile.js';
export { type ProfiledSchema, SCHEMA_PROFILES, type SchemaProfile } from './types.js';
