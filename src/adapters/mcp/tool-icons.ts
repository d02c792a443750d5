import type { Icon } from '@modelcontextprotocol/server';
import type { ToolSpec } from '../../tools/tool-spec.js';

/**
 * Small inline SVG icons for the tools, so a host can show each one without fetching anything
 * (a `data:` URI reveals nothing and never fails). One per kind of work, chosen from the tool's
 * kind, effect and name.
 * @module
 */

const svg = (body: string): Icon => ({
  src: `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`,
  )}`,
  mimeType: 'image/svg+xml',
  sizes: ['any'],
});

const ICONS = {
  image: svg(
    '<rect x="3" y="3" width="18" height="18" rx="2"/><circle cx="9" cy="9" r="2"/><path d="m21 15-5-5L5 21"/>',
  ),
  audio: svg('<path d="M9 18V5l12-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="18" cy="16" r="3"/>'),
  video: svg('<rect x="2" y="6" width="14" height="12" rx="2"/><path d="m22 8-6 4 6 4z"/>'),
  text: svg('<path d="M4 6h16M4 12h16M4 18h10"/>'),
  money: svg('<rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20"/>'),
  destructive: svg('<path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14"/>'),
  search: svg('<circle cx="11" cy="11" r="7"/><path d="m21 21-4.3-4.3"/>'),
  describe: svg('<circle cx="12" cy="12" r="9"/><path d="M12 16v-4M12 8h.01"/>'),
  resume: svg('<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 3"/>'),
  operation: svg('<path d="m13 2-9 12h8l-1 8 9-12h-8z"/>'),
} as const;

/** The icon of a tool. */
export function toolIcon(spec: ToolSpec): Icon {
  if (spec.kind === 'search') return ICONS.search;
  if (spec.kind === 'describe') return ICONS.describe;
  if (spec.kind === 'resume') return ICONS.resume;
  if (spec.effect === 'money') return ICONS.money;
  if (spec.effect === 'destructive') return ICONS.destructive;
  const name = spec.name.toLowerCase();
  if (/video/.test(name)) return ICONS.video;
  if (/audio|speech|music|sound|voice/.test(name)) return ICONS.audio;
  if (/image|photo|picture|edit/.test(name)) return ICONS.image;
  if (/chat|text|transcri|caption/.test(name)) return ICONS.text;
  return ICONS.operation;
}
