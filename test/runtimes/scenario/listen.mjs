/**
 * A server of the runtime's own for a Web handler, on a random loopback port: Deno.serve,
 * Bun.serve, or node:http with the request turned into a Web Request. Returns its URL and close().
 */
export async function listenWith(handle) {
  if (globalThis.Deno) {
    const server = globalThis.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, handle);
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  if (globalThis.Bun) {
    const server = globalThis.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle });
    return { url: `http://127.0.0.1:${server.port}`, close: async () => server.stop(true) };
  }
  const { createServer } = await import('node:http');
  const server = createServer(async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const response = await handle(
      new Request(`http://${incoming.headers.host}${incoming.url}`, {
        method: incoming.method,
        headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
          Array.isArray(value) ? value.map((one) => [name, one]) : [[name, value]],
        ),
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
