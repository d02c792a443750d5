import {
  DiscoveryDocumentError,
  InvalidArgumentsError,
  OperationNotOfferedError,
  RegistrationError,
  ServiceError,
  ServiceUnreachableError,
  UnknownChoiceError,
  UnknownOperationError,
  UnknownOptionError,
  UsageError,
} from 'generation-agent-toolkit';
import { NetworkError } from 'generation-agent-toolkit/http';

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
  unreachable: 10,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What each exit code means, for `--help` and the README. */
export const EXIT_CODES_TEXT = [
  'Exit codes: 0 ok, 1 unexpected, 2 usage or not confirmed, 3 authentication or no credentials,',
  '4 scope or not offered, 5 rate limited, 6 payment, 7 timeout or still running, 8 service error,',
  '9 invalid input, 10 service unreachable (connection refused, timed out, DNS).',
].join('\n');

/**
 * A failure gentk itself reports, in its own words (flags and environment variables, never the
 * library's option names), with the exit code it earns. `code` names it in `--json` output.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A mistake in how gentk was called (exit code 2); `message` says how to fix it, in one line. */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage, 'usage');
}

/** The exit code that names the class of `error`. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (InvalidArgumentsError.isInstance(error)) return EXIT.invalidInput;
  if (
    UnknownOperationError.isInstance(error) ||
    UnknownChoiceError.isInstance(error) ||
    UsageError.isInstance(error) ||
    UnknownOptionError.isInstance(error)
  )
    return EXIT.usage;
  if (OperationNotOfferedError.isInstance(error)) return EXIT.scope;
  if (RegistrationError.isInstance(error)) return EXIT.auth;
  if (ServiceUnreachableError.isInstance(error) || NetworkError.isInstance(error)) return EXIT.unreachable;
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
