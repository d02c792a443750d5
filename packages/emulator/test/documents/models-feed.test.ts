import { describe, expect, it } from 'vitest';
import { MODEL_CATEGORIES, MODELS } from '../../src/models.js';
import { getDocument, useEmulator } from './emulator-fixture.js';

const emulator = useEmulator();

interface FeedPage {
  data: Array<{ model_id: string; category: string; price: number; billing_unit: string; plans: string[] }>;
  pagination: { page: number; per_page: number; total: number; next: string | null };
}

async function walk(firstUrl: string): Promise<{ pages: FeedPage[]; links: Array<string | null> }> {
  const pages: FeedPage[] = [];
  const links: Array<string | null> = [];
  let url: string | null = firstUrl;
  while (url) {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const page = (await response.json()) as FeedPage;
    pages.push(page);
    links.push(response.headers.get('link'));
    url = page.pagination.next;
  }
  return { pages, links };
}

describe('GET /models-feed', () => {
  it('pages through every model, 25 by default, with absolute next URLs and Link headers', async () => {
    const { pages, links } = await walk(`${emulator.current.url}/models-feed`);
    expect(pages[0]?.pagination.per_page).toBe(25);
    const ids = pages.flatMap((page) => page.data.map((model) => model.model_id));
    expect(ids).toEqual(MODELS.map((model) => model.modelId));
    pages.forEach((page, index) => {
      expect(page.pagination.page).toBe(index + 1);
      expect(page.pagination.total).toBe(MODELS.length);
      const next = page.pagination.next;
      expect(links[index]).toBe(next ? `<${next}>; rel="next"` : null);
      if (next) expect(next.startsWith(`${emulator.current.url}/models-feed?`)).toBe(true);
    });
    expect(pages.at(-1)?.pagination.next).toBeNull();
  });

  it('filters by category and keeps the filter in next', async () => {
    for (const category of MODEL_CATEGORIES) {
      const { pages } = await walk(`${emulator.current.url}/models-feed?category=${category}&per_page=2`);
      const models = pages.flatMap((page) => page.data);
      expect(models.length).toBe(MODELS.filter((model) => model.category === category).length);
      expect(models.every((model) => model.category === category)).toBe(true);
      expect(pages[0]?.pagination.total).toBe(models.length);
    }
  });

  it('publishes each model with its price, billing unit and plans', async () => {
    const { text } = await getDocument(emulator.current, '/models-feed?per_page=1');
    const [model] = (JSON.parse(text) as FeedPage).data;
    expect(model).toEqual(
      expect.objectContaining({
        model_id: expect.any(String),
        category: expect.any(String),
        price: expect.any(Number),
        billing_unit: expect.any(String),
        plans: expect.any(Array),
      }),
    );
  });

  it('refuses an unknown category with the list of valid ones', async () => {
    const { response, text } = await getDocument(emulator.current, '/models-feed?category=holograms');
    expect(response.status).toBe(400);
    const body = JSON.parse(text) as { error: { code: string; message: string; valid_categories: string[] } };
    expect(body.error.valid_categories).toEqual([...MODEL_CATEGORIES]);
    expect(body.error.message).toContain('holograms');
  });

  it.each(['page=0', 'page=x', 'per_page=0', 'per_page=101', 'per_page=2.5'])('refuses %s', async (query) => {
    const { response } = await getDocument(emulator.current, `/models-feed?${query}`);
    expect(response.status).toBe(400);
  });

  it('answers an empty page past the end', async () => {
    const { text } = await getDocument(emulator.current, '/models-feed?page=999');
    const page = JSON.parse(text) as FeedPage;
    expect(page.data).toEqual([]);
    expect(page.pagination.next).toBeNull();
  });
});
