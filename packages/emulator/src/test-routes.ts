import type { EmulatorApp, EmulatorContext } from './context.js';

/**
 * Routes for tests and demos only, under `/_emulator/`. `GET /_emulator/mailbox?email=...` reads the
 * mail the service sent to an address, so that an out-of-process client can claim an account.
 */
export function registerTestRoutes(app: EmulatorApp, ctx: EmulatorContext): void {
  app.get('/_emulator/mailbox', (c) => {
    const email = c.req.query('email');
    if (!email)
      return c.json({ error: { code: 'validation_error', message: 'Pass ?email=<address>.' } }, 400);
    return c.json({ email: email.trim().toLowerCase(), messages: ctx.state.mailbox.read(email) });
  });
  app.get('/_emulator/health', (c) =>
    c.json({ status: 'ok', time: new Date(ctx.clock.now()).toISOString() }),
  );
}
