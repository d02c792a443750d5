/**
 * The media viewer (an MCP App) in a real browser: headless Chromium with the official host side
 * of ext-apps (AppBridge), showing results of the emulator read through an SDK 2.x client.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpHttpHandler,
  createMcpServer,
  createMcpServerFactory,
  type McpHttpHandler,
} from '../../../src/adapters/mcp.js';
import { type AppCsp, type AppHost, startAppHost } from '../../support/mcp-app-host.js';
import { connectClient, startTestBed, type TestBed } from './support.js';

const VIEWER = 'ui://generation-agent-toolkit/media-viewer.html';
const MIME = 'text/html;profile=mcp-app';
const IMAGE = { name: 'v7_images_text_to_image', arguments: { model_id: 'flux-dev', prompt: 'a kite' } };
const VIDEO = { name: 'v8_video_text_to_video', arguments: { model_id: 'veo-3', prompt: 'a storm at sea' } };

let bed: TestBed;
let handler: McpHttpHandler;
let client: Client;
let host: AppHost;
const toolCallsFromTheApp: unknown[] = [];

beforeAll(async () => {
  bed = await startTestBed();
  handler = createMcpHttpHandler(
    createMcpServerFactory(bed.session, {
      mode: 'typed',
      include: { ids: [IMAGE.name, VIDEO.name] },
      // Service time: the first call of the 90 s video hands back its handle after 20 s.
      waitMs: 20_000,
    }),
  );
  client = new Client(
    { name: 'viewer-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    }),
  );
  host = await startAppHost(async (params) => {
    toolCallsFromTheApp.push(params);
    return client.callTool(params as { name: string; arguments: Record<string, unknown> });
  });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await client?.close();
  await handler?.close();
  await bed?.close();
});

async function viewerResource(): Promise<{ html: string; csp: AppCsp }> {
  const read = await client.readResource({ uri: VIEWER });
  const content = read.contents[0] as unknown as { text: string; _meta: { ui: { csp: AppCsp } } };
  return { html: content.text, csp: content._meta.ui.csp };
}

describe('the media viewer, an MCP App', () => {
  it('is named by the tools that wait for jobs, listed and read with the MCP App type and a CSP of the download origins', async () => {
    const { tools } = await client.listTools();
    for (const name of [IMAGE.name, VIDEO.name, 'resume_job'])
      expect(tools.find((tool) => tool.name === name)?._meta).toMatchObject({
        ui: { resourceUri: VIEWER },
        'ui/resourceUri': VIEWER,
      });
    const { resources } = await client.listResources();
    const origin = new URL(bed.emulator.url).origin;
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: VIEWER,
        mimeType: MIME,
        _meta: { ui: expect.objectContaining({ csp: { resourceDomains: [origin] } }) },
      }),
    );
    const read = await client.readResource({ uri: VIEWER });
    expect(read.contents).toEqual([
      expect.objectContaining({
        uri: VIEWER,
        mimeType: MIME,
        text: expect.stringContaining('<!doctype html>'),
      }),
    ]);
    const html = (read.contents[0] as { text: string }).text;
    // Its script is inline: nothing to fetch when a host shows it, and small.
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(Buffer.byteLength(html)).toBeLessThan(16 * 1024);
    await expect(client.readResource({ uri: 'ui://generation-agent-toolkit/other.html' })).rejects.toThrow(
      /Unknown resource/,
    );
  });

  it('shows an image result: decoded in Chromium under the CSP, the host without Apps still gets the blocks', async () => {
    const result = await client.callTool(IMAGE);
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'image/png' }),
    );
    expect(result.content).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' }));
    const { html, csp } = await viewerResource();
    const app = await host.open(html, csp);
    expect(app.name).toBe('generation-agent-toolkit-media-viewer');
    await host.sendToolResult(result);
    const frame = host.frame();
    await frame.waitForSelector('img');
    const image = await frame.$eval('img', async (element) => {
      const img = element as HTMLImageElement;
      await img.decode();
      return { width: img.naturalWidth, src: img.src };
    });
    expect(image.width).toBeGreaterThan(0);
    expect(image.src).toBe((result.structuredContent as { outputs: Array<{ url: string }> }).outputs[0]?.url);
  }, 30_000);

  it('follows a running video: its progress, then a resume control that calls resume_job through the host and plays the video', async () => {
    const first = await client.callTool(VIDEO);
    expect(first.structuredContent).toMatchObject({ status: 'processing' });
    expect(first._meta?.['io.github.generation-agent-toolkit/job']).toMatchObject({
      operationId: VIDEO.name,
      elapsedMs: expect.any(Number),
      etaMs: expect.any(Number),
    });
    await host.sendToolResult(first);
    const frame = host.frame();
    await frame.waitForSelector('section[data-status="processing"] progress');
    const progress = await frame.$eval('progress', (bar) => ({
      value: (bar as HTMLProgressElement).value,
      max: (bar as HTMLProgressElement).max,
    }));
    expect(progress.value).toBeGreaterThanOrEqual(20);
    expect(progress.max).toBeGreaterThan(progress.value);
    expect(await frame.textContent('.status')).toMatch(/Running for \d+ s, about \d+ s left/);

    // The person comes back when the job is done on the service's clock, and resumes it.
    (bed.emulator.clock as ManualClock).advance(90_000);
    await frame.click('button');
    await frame.waitForSelector('video', { state: 'attached' });
    const requestId = (first.structuredContent as { requestId: string }).requestId;
    expect(toolCallsFromTheApp).toEqual([
      { name: 'resume_job', arguments: { operation: VIDEO.name, request_id: requestId } },
    ]);
    const video = await frame.$eval('video', (element) => ({
      src: (element as HTMLVideoElement).src,
      controls: (element as HTMLVideoElement).controls,
    }));
    expect(video.src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
    expect(video.controls).toBe(true);
  }, 40_000);

  it("loads no media from an origin the CSP leaves out, sets no source from a non-http URL, and shows the service's words as text", async () => {
    const image = await client.callTool(IMAGE);
    const { html } = await viewerResource();
    // A host applying an empty resource list: the emulator's image is refused.
    await host.open(html, { resourceDomains: [] });
    await host.sendToolResult(image);
    const frame = host.frame();
    await frame.waitForSelector('img', { state: 'attached' });
    const loaded = await frame.$eval('img', (element) => {
      const img = element as HTMLImageElement;
      return img
        .decode()
        .then(() => img.naturalWidth)
        .catch(() => 0);
    });
    expect(loaded).toBe(0);

    const { csp } = await viewerResource();
    await host.open(html, csp);
    const origin = new URL(bed.emulator.url).origin;
    await host.sendToolResult({
      content: [],
      structuredContent: {
        ok: true,
        status: 'success',
        operationId: 'v6_voice_text_to_audio',
        outputs: [
          { url: `${origin}/cdn/a.wav`, mediaType: 'audio/wav' },
          { url: 'javascript:alert(1)', mediaType: 'image/png' },
        ],
        text: '<img src=x onerror=alert(1)>',
      },
    });
    const shown = host.frame();
    await shown.waitForSelector('audio', { state: 'attached' });
    expect(await shown.$eval('audio', (element) => (element as HTMLAudioElement).src)).toBe(
      `${origin}/cdn/a.wav`,
    );
    expect(await shown.$$('img')).toHaveLength(0);
    expect(await shown.textContent('pre')).toBe('<img src=x onerror=alert(1)>');
  }, 30_000);

  it('takes further download origins into its CSP (origins only, no other scheme), and is gone with mediaViewer: false', async () => {
    const origin = new URL(bed.emulator.url).origin;
    const withCdn = await connectClient(
      createMcpServer(bed.session, {
        mode: 'typed',
        include: { ids: [IMAGE.name] },
        inlineMedia: { trustedOrigins: ['https://files.example.com/results/'] },
        mediaViewer: { downloadOrigins: ['https://cdn.example.com/a/b', 'javascript:alert(1)', origin] },
      }),
    );
    const { resources } = await withCdn.listResources();
    expect(resources[0]?._meta).toMatchObject({
      ui: { csp: { resourceDomains: [origin, 'https://files.example.com', 'https://cdn.example.com'] } },
    });
    await withCdn.close();

    const without = await connectClient(
      createMcpServer(bed.session, { mode: 'typed', include: { ids: [IMAGE.name] }, mediaViewer: false }),
    );
    expect(without.getServerCapabilities()?.resources).toBeUndefined();
    const { tools } = await without.listTools();
    expect(tools.find((tool) => tool.name === IMAGE.name)?._meta).toBeUndefined();
    await without.close();
  });
});
