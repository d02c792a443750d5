/**
 * The library's messages are written for code that calls it, and some name its options
 * (`apiKey`, `register.fields`, `maxDocumentBytes`): a person at the command line has flags and
 * environment variables instead. These are the phrases a gentk run can meet, as gentk says them.
 * What the CLI can check itself (credentials, withheld operations, URLs) it says in its own words
 * before the library is asked; this is the net under that.
 * @module
 */

const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/pass apiKey or set GENTK_API_KEY/g, 'pass --api-key or set GENTK_API_KEY'],
  [
    /connect with auth \(token, login or register\)/g,
    'pass --token, or --email with GENTK_PASSWORD, or run `gentk register`',
  ],
  [/pass trustedOrigins to allow it/g, 'gentk sends no credentials there'],
  [/it was not among the operations chosen at connect\(\)/g, 'it was not among the operations asked for'],
  [
    / ?Raise (?:maxDocumentBytes|limits\.\w+) if you trust it\./g,
    ' gentk does not read documents that large.',
  ],
  [/connect with email and password/g, 'use --email with GENTK_PASSWORD'],
  [/connect again with credentials/g, 'log in again with --email and GENTK_PASSWORD'],
  [
    /pass it in register\.fields/g,
    'gentk register cannot fill it in; register by hand, then use --email with GENTK_PASSWORD',
  ],
  // The library's refusals of arguments speak to a model holding a tool; a person has flags.
  [
    /Fix (it|them) and call the tool again\./g,
    'Fix $1 in --input (or --input-file) and run the command again.',
  ],
  [
    /Fix the arguments named above and call the tool again\./g,
    'Fix them in --input and run the command again.',
  ],
  [/call the tool again/g, 'run the command again'],
  [/The claim callback failed: /g, 'Reading the e-mailed code failed: '],
  [/The claim callback gave no code\./g, 'No e-mailed code was given (did --code-command print it?).'],
];

/** `message` with the library's option names replaced by what a gentk user does instead. */
export function inCliWords(message: string): string {
  return PHRASES.reduce((text, [phrase, replacement]) => text.replace(phrase, replacement), message);
}
