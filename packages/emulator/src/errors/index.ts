export { type OptionKeys, rejectUnknownOptions } from './reject-unknown-options.js';
export { UnknownOptionError } from './unknown-option-error.js';
export { UsageError } from './usage-error.js';
