/**
 * Cold-start bench: how long the first `connect()` of a fresh program takes from a saved
 * description's text (`saveText()`; loading it included, reading the file not: workerd and the
 * edge runtime have no file to read), on the runtime's own clock. No document is fetched or parsed.
 */
import { connect, ServiceDescription } from 'generation-agent-toolkit';

export async function coldConnect({ baseUrl, apiKey, text }) {
  const started = performance.now();
  const service = ServiceDescription.fromSnapshot(text);
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
