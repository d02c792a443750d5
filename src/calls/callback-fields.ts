/**
 * The input fields of an operation that tell the service where to send a result: callbacks
 * belong to the application, never to a model, which could otherwise have the finished result
 * (and the files and capabilities in it) posted to any address.
 * @module
 */

import type { Operation } from '../discovery/types.js';

/**
 * Names that say a field is a callback address or the track a delivery is matched to, in any
 * spelling: `webhook`, `webhook_url`, `callback`, `callbackUrl`, `notify_url`, `notification_url`,
 * `status_callback`, `postback_url`, `hook_url`, `ipn_url`, `track_id`.
 */
const CALLBACK_NAME =
  /web_?hook|call_?back|post_?back|^hook(?:_?ur[il])?$|_hook_?ur[il]$|notif(?:y|ication)s?_?(?:ur[il]|endpoint|address|to)$|^ipn(?:_?ur[il])?$|^track_?id$|ping_?ur[il]$/;

/** The name as one lower-case word with underscores: `callbackUrl` is `callback_url`. */
function normalised(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/** Whether a field name says it is a callback address (or a delivery's track). */
export function isCallbackName(name: string): boolean {
  return CALLBACK_NAME.test(normalised(name));
}

/**
 * The callback fields of `operation`'s input: those its documents mark (`callbacks`, `x-callback`)
 * and those whose names say so, among the fields it takes.
 *
 * @example
 * callbackFieldsOf(service.requireOperation('v7_images_text_to_image')); // ['webhook', 'track_id']
 */
export function callbackFieldsOf(operation: Pick<Operation, 'input' | 'callbackFields'>): string[] {
  const { locations, wireNames = {} } = operation.input;
  const marked = new Set(operation.callbackFields ?? []);
  const wireName = (field: string) =>
    (Object.hasOwn(wireNames, field) ? wireNames[field] : undefined) ?? field;
  return Object.keys(locations).filter(
    (field) =>
      marked.has(field) ||
      marked.has(wireName(field)) ||
      isCallbackName(field) ||
      isCallbackName(wireName(field)),
  );
}
