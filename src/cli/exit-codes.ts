import { RegistrationError } from '../auth/registration.js';
import { OperationNotOfferedError } from '../auth/session.js';
import { InvalidArgumentsError } from '../calls/index.js';
import { DiscoveryDocumentError } from '../discovery/errors.js';
import { UnknownOperationError } from '../discovery/unknown-operation-error.js';
import { ServiceError } from '../http/index.js';

/** Exit codes of gentk: each failure class has its own, so that scripts can tell them apart. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  scope: 4,
  rateLimited: 5,
  payment: 6,
  timeout: 7,
  service: 8,
  invalidInput: 9,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code that names the class of `error`. */
export function exitCodeOf(error: unknown): ExitCode {
  if ((error as { code?: unknown } | null)?.code === 'usage') return EXIT.usage;
  if (InvalidArgumentsError.isInstance(error)) return EXIT.invalidInput;
  if (UnknownOperationError.isInstance(error)) return EXIT.usage;
  if (OperationNotOfferedError.isInstance(error)) return EXIT.scope;
  if (RegistrationError.isInstance(error)) return EXIT.auth;
  if (DiscoveryDocumentError.isInstance(error)) return EXIT.service;
  if (ServiceError.isInstance(error)) {
    switch (error.code) {
      case 'authentication_failed':
        return EXIT.auth;
      case 'insufficient_scope':
      case 'forbidden':
      case 'untrusted_origin':
        return EXIT.scope;
      case 'rate_limited':
        return EXIT.rateLimited;
      case 'payment_required':
        return EXIT.payment;
      case 'timeout':
        return EXIT.timeout;
      case 'validation_failed':
        return EXIT.invalidInput;
      default:
        return EXIT.service;
    }
  }
  return EXIT.failure;
}
