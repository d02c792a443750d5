import { randomUUID } from 'node:crypto';
import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorClock } from '../clock.js';
import type { StoredFile } from '../files/file-store.js';
import type { JobFate } from '../http/faults.js';
import type { WebhookDelivery } from './webhooks.js';

export type JobStatus = 'processing' | 'success' | 'failed' | 'cancelled';

export interface Job {
  /** The id as published: an integer on v6 (as production's documents type it), a string on v7 and v8. */
  readonly id: number | string;
  readonly operation: GenerationOperation;
  readonly accountId: string;
  readonly createdAt: number;
  /** Clock time at which the work finishes; Infinity for a job that never does. */
  readonly readyAt: number;
  readonly fate: JobFate;
  /** The files the job produces; served from `readyAt` on. */
  readonly outputs: readonly StoredFile[];
  /** Text result (transcripts, captions, lyrics). */
  readonly text?: string;
  /** The request's parameters without the credential, echoed as `meta`. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly webhook: string | null;
  readonly trackId: unknown;
  /** The origin the job was submitted through; its URLs are built on it. */
  readonly origin: string;
  cancelledAt: number | null;
  /** The usage record that bills this job. */
  readonly usageId: string;
}

/** The jobs of the service, and the one place their state is derived from the clock. */
export class JobStore {
  readonly #jobs = new Map<string, Job>();
  /** Ids of trainings whose models were deleted. */
  readonly deleted = new Set<string>();
  /** Every webhook call the emulator made, in order. */
  readonly deliveries: WebhookDelivery[] = [];
  #nextNumericId = 180_000_000;

  constructor(private readonly clock: EmulatorClock) {}

  newId(operation: GenerationOperation): number | string {
    if (operation.version === 'v6') return ++this.#nextNumericId;
    return randomUUID();
  }

  add(job: Job): Job {
    this.#jobs.set(String(job.id), job);
    return job;
  }

  /** The job with this id, whether it came as a number or a string. */
  get(id: unknown): Job | undefined {
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    return this.#jobs.get(String(id).trim());
  }

  status(job: Job): JobStatus {
    if (job.cancelledAt !== null) return 'cancelled';
    if (this.clock.now() < job.readyAt) return 'processing';
    return job.fate === 'fails' ? 'failed' : 'success';
  }

  /** Jobs of the account still processing: what the queue limit counts. */
  queued(accountId: string): number {
    let count = 0;
    for (const job of this.#jobs.values()) {
      if (job.accountId === accountId && this.status(job) === 'processing') count += 1;
    }
    return count;
  }

  list(accountId: string, predicate: (job: Job) => boolean = () => true): Job[] {
    return [...this.#jobs.values()].filter((job) => job.accountId === accountId && predicate(job));
  }
}
