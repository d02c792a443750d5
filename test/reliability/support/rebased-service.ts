/**
 * The emulator's discovered service moved to another origin: the same operations, schemas and
 * scopes, served by a test server of our choosing.
 * @module
 */
import { ServiceDescription } from '../../../src/discovery/service-description.js';
import { emulatorService } from './emulator-service.js';

export async function serviceAt(origin: string): Promise<ServiceDescription> {
  const service = await emulatorService();
  const moved = JSON.stringify(service.toSnapshot()).replaceAll(service.origin, origin);
  return ServiceDescription.fromSnapshot(JSON.parse(moved));
}
