/**
 * A second way for a job's final answer to arrive besides polling: a delivery pushed to the
 * caller (a webhook). A waiting job ends its sleep when it arrives and polls only as the fallback.
 * @module
 */

/** Where a delivered final answer of one job can be awaited or looked up. */
export interface JobDelivery {
  /**
   * Settles with the delivered final answer; stays pending while none has come. Never rejects:
   * a wait ended by the caller or the deadline simply stops listening.
   */
  readonly arrived: Promise<unknown>;
  /**
   * Looks for a delivery that another process received (through a shared store), before a
   * fallback poll spends a request on the service; undefined when there is none.
   */
  readonly received?: () => Promise<unknown>;
  /** How long after the eta (or the first scheduled poll, without one) the first poll waits for a delivery. */
  readonly marginMs: number;
}
