import type { EmulatorApp, EmulatorContext } from '../context.js';

/** Serves result and upload files under `/cdn/`; an expired result answers 410 Gone. */
export function registerFiles(app: EmulatorApp, ctx: EmulatorContext): void {
  app.get('/cdn/*', (c) => {
    const file = ctx.files.get(c.req.path);
    if (file === 'expired') {
      return c.text('This result URL has expired. Generate the result again to get a new one.', 410);
    }
    if (!file) return c.text('No such file.', 404);
    return c.body(Buffer.from(file.bytes), 200, {
      'Content-Type': file.mediaType,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'private, max-age=3600',
    });
  });
}
