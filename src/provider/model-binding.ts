/**
 * Binds a model object to its provider's connection. A model is created synchronously (the SDK
 * asks for it by id), but its id can only be checked against the service once the service is
 * known: at creation when the provider was given a description, else at the first call.
 * @module
 */
import type { ServiceDescription } from '../discovery/index.js';
import type { Connection, ServiceConnection } from './service-connection.js';

export class ModelBinding<Resolved> {
  readonly #connection: ServiceConnection;
  readonly #resolve: (service: ServiceDescription) => Resolved;
  #resolved: Resolved | undefined;

  /** Throws the resolver's error (`NoSuchModelError`) at once when the service is already known. */
  constructor(connection: ServiceConnection, resolve: (service: ServiceDescription) => Resolved) {
    this.#connection = connection;
    this.#resolve = resolve;
    const known = connection.knownService;
    if (known) this.#resolved = resolve(known);
  }

  /** The connection, and what the model id stands for at this service. */
  async open(): Promise<{ connection: Connection; resolved: Resolved }> {
    const connection = await this.#connection.open();
    this.#resolved ??= this.#resolve(connection.service);
    return { connection, resolved: this.#resolved };
  }
}
