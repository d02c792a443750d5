/** A fetch that breaks a call's response stream, as a dropped connection would. @module */

/**
 * A fetch that loses the first tools/call response stream once a progress notification came
 * through (as a dropped connection would), and sends the reconnection to `resumeAt` when given
 * (another instance behind a load balancer). It records every reconnection's Last-Event-ID.
 */
export function flakyFetch(resumeAt?: string) {
  const reconnections: string[] = [];
  let cut = false;
  const flaky = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const lastEventId = new Headers(init?.headers).get('last-event-id');
    if (lastEventId !== null) {
      reconnections.push(lastEventId);
      return fetch(resumeAt ?? input, init);
    }
    const response = await fetch(input, init);
    const isCall = init?.method === 'POST' && String(init.body).includes('"tools/call"');
    if (!isCall || cut || !response.body) return response;
    cut = true;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let seen = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const from = seen.length;
        seen += decoder.decode(value, { stream: true });
        const progressAt = seen.indexOf('notifications/progress');
        if (progressAt < 0) return controller.enqueue(value);
        // The cut falls right after the event that carried the first progress, even when the
        // same read brought the result too (a loaded machine reads late): the client must
        // reconnect for what followed, whatever the timing.
        const eventEnd = seen.indexOf('\n\n', progressAt);
        controller.enqueue(encoder.encode(seen.slice(from, eventEnd < 0 ? seen.length : eventEnd + 2)));
        await reader.cancel();
        controller.error(new TypeError('network connection lost'));
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch: flaky, reconnections };
}
