/**
 * A host of MCP Apps in headless Chromium (Debian's `/usr/bin/chromium`, driven by
 * `playwright-core`), made of the official host side of `@modelcontextprotocol/ext-apps`: its
 * `AppBridge` over `PostMessageTransport`, bundled into the host page. The host puts the App's
 * HTML in a sandboxed frame under the CSP the resource's `_meta.ui.csp` asks for (as hosts do),
 * sends it tool results, and runs the tool calls the App asks for through `callTool` (the test's
 * MCP client).
 * @module
 */

import { build } from 'esbuild';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';

export const CHROMIUM = process.env.GENTK_CHROMIUM ?? '/usr/bin/chromium';

/** The CSP of `_meta.ui.csp`, as ext-apps describes its directives. */
export interface AppCsp {
  readonly resourceDomains?: readonly string[];
  readonly connectDomains?: readonly string[];
}

const HOST_SCRIPT = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.openApp = async (html, csp) => {
  const sources = (csp.resourceDomains ?? []).join(' ');
  const connect = (csp.connectDomains ?? []).join(' ') || "'none'";
  const policy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; " +
    'img-src ' + sources + ' data: blob:; media-src ' + sources + ' data: blob:; connect-src ' + connect;
  // One App at a time: a new one replaces the last.
  window.bridge?.close();
  for (const old of document.querySelectorAll('iframe')) old.remove();
  const frame = document.createElement('iframe');
  frame.sandbox = 'allow-scripts';
  frame.style.width = '600px';
  frame.style.height = '600px';
  frame.srcdoc = html.replace('<head>', '<head><meta http-equiv="Content-Security-Policy" content="' + policy + '">');
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'gentk-test-host', version: '1.0.0' },
    { serverTools: {}, openLinks: {} },
    { hostContext: { theme: 'light', displayMode: 'inline' } },
  );
  bridge.oncalltool = (params) => window.hostCallTool(params);
  bridge.onopenlink = async () => ({});
  bridge.onsizechange = (size) => { window.lastSize = size; };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  await initialized;
  window.bridge = bridge;
  return bridge.getAppVersion();
};
window.sendToolResult = (result) => window.bridge.sendToolResult(result);
`;

let bundled: Promise<string> | undefined;

/** The host page's script: ext-apps' AppBridge and its dependencies, bundled for the browser. */
function hostBundle(): Promise<string> {
  bundled ??= build({
    stdin: { contents: HOST_SCRIPT, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundled;
}

export interface AppHost {
  readonly page: Page;
  /** Opens the App's HTML in a sandboxed frame; resolves when it has initialized. */
  open(html: string, csp: AppCsp): Promise<{ name: string; version: string }>;
  /** The App's frame, once open. */
  frame(): Frame;
  sendToolResult(result: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * Launches Chromium with a host page. `callTool` answers the App's `tools/call` requests.
 * Requests anywhere but loopback are refused (the viewer's media come from the emulator).
 */
export async function startAppHost(callTool: (params: unknown) => Promise<unknown>): Promise<AppHost> {
  const script = await hostBundle();
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.route(
      (url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol !== 'data:',
      (route) => route.abort(),
    );
    await page.exposeFunction('hostCallTool', callTool);
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => typeof (window as { openApp?: unknown }).openApp === 'function');
    return {
      page,
      open: (html, csp) =>
        page.evaluate(
          ([content, policy]) =>
            (window as unknown as { openApp: (h: string, c: AppCsp) => Promise<never> }).openApp(
              content,
              policy,
            ),
          [html, csp] as const,
        ),
      frame() {
        const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
        if (!frame) throw new Error('the App is not open');
        return frame;
      },
      sendToolResult: (result) =>
        page.evaluate(
          (value) =>
            (window as unknown as { sendToolResult: (r: unknown) => Promise<void> }).sendToolResult(value),
          result,
        ),
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
