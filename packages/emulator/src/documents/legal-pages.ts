import { escapeHtml, htmlPage } from './html.js';
import { PAGE_PATHS } from './surfaces.js';

/** The terms of service the catalogue links: the emulator's, which has no real users or payments. */
export function buildTermsPage(origin: string): string {
  return htmlPage({
    title: 'Terms of service',
    body: `<p>This service at ${escapeHtml(origin)} is an emulator of the generation service, running on your machine for tests and demonstrations.</p>
<ul>
<li>Nothing it generates is real media: results are small placeholder files.</li>
<li>No payment is ever taken: cards, wallets and subscriptions are simulated.</li>
<li>Versions and their retirement follow the <a href="${escapeHtml(origin)}${PAGE_PATHS.deprecationPolicy}">deprecation policy</a>.</li>
<li>It comes without warranty, under the licence of the package that ships it.</li>
</ul>`,
  });
}

/** The privacy policy the catalogue links: what the emulator keeps, and for how long. */
export function buildPrivacyPage(origin: string): string {
  return htmlPage({
    title: 'Privacy policy',
    body: `<p>The emulator at ${escapeHtml(origin)} keeps everything in memory, in its own process, and sends nothing anywhere.</p>
<ul>
<li>Accounts, tokens, keys, uploads and e-mails exist only until the emulator stops.</li>
<li>E-mails are not delivered: they wait in an in-memory mailbox that tests read.</li>
<li>Webhooks are called only on hosts it was allowed to call (loopback by default).</li>
</ul>`,
  });
}
