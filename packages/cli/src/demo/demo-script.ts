/**
 * What the demo's scripted assistant does and says: the user's request, the tool calls it makes
 * in answer, and a closing reply written from what those calls came to.
 * @module
 */
import type { DemoToolCall, DemoTurn, ScriptedCallOutcome } from './scripted-model.js';

export const DEMO_REQUEST =
  'Check my balance, paint a lighthouse at dusk and at dawn, film some waves, say hello, then add $20 to my wallet.';

/** `a`, `a and b`, `a, b and c`. */
function listed(phrases: readonly string[]): string {
  return phrases.length <= 1
    ? (phrases[0] ?? '')
    : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}

const withoutFullStop = (text: string) => text.trim().replace(/\.+$/, '');

/**
 * The assistant's closing words: what it did, and, for each call that did not happen, that it did
 * not and why (a denied approval, a failure, a job still running). "Done:" only when all was done.
 */
export function closingReply(outcomes: readonly ScriptedCallOutcome[]): string {
  const did = outcomes.filter(({ outcome }) => outcome.kind === 'done').map(({ call }) => call.did);
  const sentences = did.length > 0 ? [`I ${listed(did)}.`] : [];
  for (const { call, outcome } of outcomes) {
    if (outcome.kind === 'denied')
      sentences.push(
        `I did not ${call.meant}, because ${outcome.reason ? withoutFullStop(outcome.reason) : 'the call was not approved'}.`,
      );
    else if (outcome.kind === 'failed')
      sentences.push(`I could not ${call.meant}: ${withoutFullStop(outcome.message)}.`);
    else if (outcome.kind === 'still-running')
      sentences.push(`I set out to ${call.meant}, and the job is still running.`);
  }
  const allDone = outcomes.length > 0 && did.length === outcomes.length;
  return `${allDone ? 'Done: ' : ''}${sentences.join(' ')}`;
}

/** The script, with tool names as the session's tools spell them (`toolName(operationId)`). */
export function demoScript(toolName: (operationId: string) => string): DemoTurn[] {
  const call = (operationId: string, input: unknown, did: string, meant: string): DemoToolCall => ({
    tool: toolName(operationId),
    input,
    did,
    meant,
  });
  return [
    { toolCalls: [call('get_wallet_balance', {}, 'checked the balance', 'check the balance')] },
    {
      // Two images at once: parallel tool calls, paced by the one rate-limit governor.
      toolCalls: [
        call(
          'v7_images_text_to_image',
          { model_id: 'flux-dev', prompt: 'a lighthouse at dusk, oil painting' },
          'painted a lighthouse at dusk',
          'paint a lighthouse at dusk',
        ),
        call(
          'v7_images_text_to_image',
          { model_id: 'flux-dev', prompt: 'a lighthouse at dawn, watercolour' },
          'painted a lighthouse at dawn',
          'paint a lighthouse at dawn',
        ),
      ],
    },
    {
      toolCalls: [
        call(
          'v8_video_text_to_video',
          { model_id: 'veo-3', prompt: 'waves rolling onto a beach at sunset' },
          'filmed the waves',
          'film the waves',
        ),
      ],
    },
    {
      toolCalls: [
        call(
          'v8_audio_text_to_speech',
          { prompt: 'Hello from the generation agent toolkit.' },
          'said hello',
          'say hello',
        ),
      ],
    },
    {
      toolCalls: [
        call(
          'post_wallet_fund',
          { amount: 20, payment_method_id: 'pm_card_visa' },
          'added $20 to the wallet',
          'add $20 to the wallet',
        ),
      ],
    },
    { reply: closingReply },
  ];
}
