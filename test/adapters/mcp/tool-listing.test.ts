import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../../src/adapters/mcp.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { connectClient, startTestBed, type TestBed } from './support.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => {
  await bed.close();
});

describe('tools/list of createMcpServer', () => {
  it('offers the tools of createToolSpecs with the same names, descriptions, schemas and hints, each with a title and an icon', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const { tools } = await client.listTools();
    const specs = createToolSpecs(bed.session, { mode: 'typed' }).tools;
    expect(tools.map((tool) => tool.name)).toEqual(specs.map((spec) => spec.name));
    for (const [index, tool] of tools.entries()) {
      const spec = specs[index]!;
      expect(tool.description).toBe(spec.description);
      expect(tool.inputSchema).toEqual(spec.inputSchema);
      expect(tool.annotations).toMatchObject({ ...spec.annotations, title: expect.any(String) });
      expect(tool.title).toBe(tool.annotations?.title);
      expect(tool.title?.trim()).not.toBe('');
      expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['ok', 'status'] });
      const icons = (tool as { icons?: Array<{ src: string; mimeType?: string }> }).icons;
      expect(icons?.[0]).toMatchObject({
        src: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        mimeType: 'image/svg+xml',
      });
    }
    expect(tools.find((tool) => tool.name === 'post_wallet_fund')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      title: 'Fund the wallet',
    });
    expect(tools.find((tool) => tool.name === 'get_wallet_balance')?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(tools.find((tool) => tool.name === 'v7_images_text_to_image')?.inputSchema).toHaveProperty(
      'properties.prompt',
    );
    await client.close();
  });

  it('declares the result envelope as output schema on request, and results that match it', async () => {
    const server = createMcpServer(bed.session, {
      mode: 'typed',
      include: { ids: ['get_wallet_balance', 'v7_images_text_to_image'] },
      outputSchema: true,
    });
    const client = await connectClient(server);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'v7_images_text_to_image',
      'get_wallet_balance',
      'resume_job',
    ]);
    for (const tool of tools)
      expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['ok', 'status'] });
    // The official client checks structured content against the declared schema: success and error alike.
    const balance = await client.callTool({ name: 'get_wallet_balance', arguments: {} });
    expect(balance.structuredContent).toMatchObject({ ok: true });
    const image = await client.callTool({
      name: 'v7_images_text_to_image',
      arguments: { model_id: 'flux-dev', prompt: 'a fox' },
    });
    expect(image.structuredContent).toMatchObject({ ok: true, outputs: [{ mediaType: 'image/png' }] });
    const refused = await client.callTool({ name: 'v7_images_text_to_image', arguments: {} });
    expect(refused.structuredContent).toMatchObject({ ok: false, code: 'invalid_arguments' });
    await client.close();
  });

  it('follows the options of the tools: dynamic mode lists the meta-tools, a prefix names them', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'dynamic', prefix: 'gen_' }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'gen_call_operation',
      'gen_describe_operation',
      'gen_resume_job',
      'gen_search_operations',
    ]);
    await client.close();
  });

  it('names itself and tells the client how its tools behave', async () => {
    const client = await connectClient(createMcpServer(bed.session, { name: 'studio', version: '9.9.9' }));
    expect(client.getServerVersion()).toMatchObject({ name: 'studio', version: '9.9.9' });
    expect(client.getInstructions()).toMatch(/resume_job/);
    expect(client.getServerCapabilities()).toHaveProperty('tools');
    await client.close();
  });

  it('answers a call to a tool it does not have with a protocol error naming tools/list', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/tools\/list/);
    await client.close();
  });
});
