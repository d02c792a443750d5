/**
 * The operation that runs an image (or video) request which carries input files: the chosen
 * operation when it takes them, else a sibling of its family that does (`text-to-image` with
 * images becomes `image-to-image`, with a mask `inpaint`), keeping the catalogue model.
 * @module
 */
import { InvalidArgumentError } from '@ai-sdk/provider';
import type { Operation, ServiceDescription } from '../discovery/index.js';
import { hasInput } from './operation-input.js';
import { type GenerationModelKind, KIND_RULES } from './operation-kinds.js';
import { shortName } from './operation-names.js';

export interface EditingNeeds {
  /** An input image (or several). */
  readonly image: boolean;
  /** A mask over the input image. */
  readonly mask: boolean;
}

const PREFERRED = {
  mask: /inpaint/,
  image: /image-to-image|img2img|image-to-video|img2video/,
};

function takes(operation: Operation, needs: EditingNeeds): boolean {
  const image = hasInput(operation, 'init_image') || hasInput(operation, 'init_images');
  return (!needs.image || image) && (!needs.mask || hasInput(operation, 'mask_image'));
}

export function editingOperation(
  kind: GenerationModelKind,
  chosen: Operation,
  service: ServiceDescription,
  needs: EditingNeeds,
): Operation {
  if ((!needs.image && !needs.mask) || takes(chosen, needs)) return chosen;
  const family = chosen.path.slice(0, chosen.path.lastIndexOf('/') + 1);
  const siblings = service.operations.filter(
    (operation) =>
      operation.path.startsWith(family) &&
      KIND_RULES[kind].matches(operation) &&
      takes(operation, needs) &&
      (!hasInput(chosen, 'model_id') || hasInput(operation, 'model_id')),
  );
  const preferred = needs.mask ? PREFERRED.mask : PREFERRED.image;
  const found = siblings.find((operation) => preferred.test(operation.path)) ?? siblings[0];
  if (found) return found;
  const able = service.operations
    .filter((operation) => KIND_RULES[kind].matches(operation) && takes(operation, needs))
    .map(shortName);
  throw new InvalidArgumentError({
    argument: needs.mask ? 'mask' : 'files',
    message: `${shortName(chosen)} takes no input image${needs.mask ? ' with a mask' : ''}, and its family has no operation that does. Models that take one: ${[...new Set(able)].slice(0, 12).join(', ')}.`,
  });
}
