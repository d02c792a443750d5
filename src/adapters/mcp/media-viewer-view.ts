/**
 * The media viewer's script: it runs in the host's sandboxed frame, not in this process. It is
 * embedded in the viewer's HTML as source text (`String(mediaViewerView)`), so it must stay one
 * self-contained function: no imports, no names from outside, arrow functions only.
 *
 * It speaks the MCP Apps protocol (`@modelcontextprotocol/ext-apps`, 2026-01-26) over
 * `postMessage` with its parent: `ui/initialize`, then `ui/notifications/initialized`; it shows
 * what `ui/notifications/tool-result` brings and asks the host to run `resume_job` through
 * `tools/call`. A small client of its own rather than the SDK's `App` class: the class with its
 * dependencies (the MCP client SDK and zod) is 649 KB minified, the viewer whole 6.6 KB (2.7 KB gzipped).
 * @module
 */

/** What the server tells the viewer when it builds the page. */
export interface MediaViewerConfig {
  /** The tool that resumes a job (`resume_job`, or its prefixed name). */
  readonly resumeTool: string | undefined;
  /** The MCP Apps protocol version the viewer asks for. */
  readonly protocolVersion: string;
  /** The viewer's name and version, as `appInfo`. */
  readonly appInfo: { readonly name: string; readonly version: string };
}

/** The `_meta` key of a tool result that names its job and its progress. */
export const JOB_META_KEY = 'io.github.generation-agent-toolkit/job';

export function mediaViewerView(config: MediaViewerConfig): void {
  type Json = Record<string, unknown>;
  const JOB_KEY = 'io.github.generation-agent-toolkit/job';
  const root = document.getElementById('viewer') as HTMLElement;
  const pending = new Map<number, { resolve: (value: Json) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  const post = (message: Json) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method: string, params: Json): Promise<Json> => {
    const id = nextId++;
    post({ id, method, params });
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  };
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    if (className !== undefined) made.className = className;
    return made;
  };
  // A result's URLs are the service's word: only http(s) and data: media become a source.
  const safeUrl = (value: unknown): string | undefined => {
    if (typeof value !== 'string') return undefined;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const reportSize = () => {
    const { width, height } = document.documentElement.getBoundingClientRect();
    post({
      method: 'ui/notifications/size-changed',
      params: { width: Math.ceil(width), height: Math.ceil(height) },
    });
  };
  const seconds = (ms: unknown) => Math.max(0, Math.round(Number(ms) / 1000));

  const showOutput = (output: Json, into: HTMLElement) => {
    const url = safeUrl(output.url);
    const type = typeof output.mediaType === 'string' ? output.mediaType : '';
    if (url === undefined) return;
    let media: HTMLElement;
    if (type.startsWith('image/')) {
      const image = element('img');
      image.alt = 'Generated image';
      image.addEventListener('load', reportSize);
      image.src = url;
      media = image;
    } else if (type.startsWith('audio/') || type.startsWith('video/')) {
      const player = element(type.startsWith('audio/') ? 'audio' : 'video');
      player.controls = true;
      player.preload = 'metadata';
      player.addEventListener('loadedmetadata', reportSize);
      player.src = url;
      media = player;
    } else {
      media = element('p', type || 'file');
    }
    const figure = element('figure');
    figure.append(media);
    const caption = element('figcaption');
    const link = element('a', url.split('/').pop() || url);
    link.href = url;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      request('ui/open-link', { url }).catch(() => undefined);
    });
    caption.append(link);
    figure.append(caption);
    into.append(figure);
  };

  const showProgress = (envelope: Json, job: Json | undefined, into: HTMLElement) => {
    const elapsed = seconds(job?.elapsedMs);
    const left = job?.etaMs !== undefined ? seconds(job.etaMs) : seconds(envelope.retryAfterMs);
    const bar = element('progress');
    bar.max = Math.max(1, elapsed + left);
    const status = element('p', '', 'status');
    // The job goes on while the page is open: the bar follows the service's estimate each second,
    // until this section is replaced.
    const shownAt = Date.now();
    const tick = () => {
      const passed = Math.floor((Date.now() - shownAt) / 1000);
      bar.value = Math.min(bar.max, elapsed + passed);
      status.textContent =
        passed < left
          ? `Running for ${elapsed + passed} s, about ${left - passed} s left.`
          : `Running for ${elapsed + passed} s; it should be done about now.`;
      if (passed > 0 && !into.isConnected) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    into.append(
      status,
      bar,
      element(
        'p',
        `Job ${String(envelope.requestId)}: nothing is lost if you leave; it can be resumed later.`,
      ),
    );
    if (config.resumeTool === undefined) return;
    const button = element('button', 'Resume: wait for the result');
    button.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Waiting for the job…';
      request('tools/call', {
        name: config.resumeTool,
        arguments: { operation: envelope.operationId, request_id: envelope.requestId },
      }).then(
        (result) => show(result),
        (error: Error) => {
          button.disabled = false;
          button.textContent = 'Resume: wait for the result';
          into.append(element('p', `The host could not resume it: ${error.message}`, 'error'));
          reportSize();
        },
      );
    });
    into.append(button);
  };

  const show = (result: Json) => {
    const envelope = (result.structuredContent ?? {}) as Json;
    const job = ((result._meta ?? {}) as Json)[JOB_KEY] as Json | undefined;
    const section = element('section');
    section.dataset.status = String(envelope.status ?? 'unknown');
    if (typeof envelope.operationId === 'string') section.append(element('h1', envelope.operationId));
    if (envelope.status === 'success') {
      for (const output of Array.isArray(envelope.outputs) ? (envelope.outputs as Json[]) : [])
        showOutput(output, section);
      if (typeof envelope.text === 'string') section.append(element('pre', envelope.text));
      // A call that answers data (call_operation reaching a read): shown as it is, as text.
      if (envelope.data !== undefined) section.append(element('pre', JSON.stringify(envelope.data, null, 2)));
    } else if (envelope.status === 'processing') {
      showProgress(envelope, job, section);
    } else {
      section.append(element('p', String(envelope.message ?? 'The call failed.'), 'error'));
      if (typeof envelope.hint === 'string') section.append(element('p', envelope.hint));
    }
    root.replaceChildren(section);
    reportSize();
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const message = event.data as Json;
    if (message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (typeof message.method !== 'string') {
      const waiting = pending.get(message.id as number);
      pending.delete(message.id as number);
      const failure = message.error as Json | undefined;
      if (failure) waiting?.reject(new Error(String(failure.message)));
      else waiting?.resolve((message.result ?? {}) as Json);
      return;
    }
    const params = (message.params ?? {}) as Json;
    if (message.method === 'ui/notifications/tool-result') show(params);
    else if (message.method === 'ui/notifications/tool-input')
      root.replaceChildren(element('p', 'Starting the job…', 'status'));
    else if (message.method === 'ui/notifications/tool-cancelled')
      root.replaceChildren(element('p', 'The call was cancelled.', 'status'));
    if (message.id === undefined) return;
    // Requests: teardown and ping are answered; any other is not this viewer's.
    if (message.method === 'ui/resource-teardown' || message.method === 'ping')
      post({ id: message.id, result: {} });
    else post({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  });

  request('ui/initialize', {
    appInfo: config.appInfo,
    appCapabilities: {},
    protocolVersion: config.protocolVersion,
  }).then(
    () => {
      post({ method: 'ui/notifications/initialized', params: {} });
      reportSize();
    },
    (error: Error) =>
      root.replaceChildren(element('p', `The host refused the viewer: ${error.message}`, 'error')),
  );
}
