/**
 * Cold-start bench: how long the first `connect()` of a fresh program takes from a saved
 * description (no document fetched or parsed), on the runtime's own clock.
 */
import { connect, ServiceDescription } from 'generation-agent-toolkit';

export async function coldConnect({ baseUrl, apiKey, snapshot }) {
  const service = ServiceDescription.fromSnapshot(snapshot);
  const started = performance.now();
  const session = await connect({
    baseUrl,
    apiKey,
    service,
    operations: { ids: ['v7_images_text_to_image'] },
  });
  const connectMs = performance.now() - started;
  await session.close();
  return { connectMs };
}
