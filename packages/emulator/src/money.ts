/**
 * Amounts are kept as integer micro-dollars so that a thousand 0.001 charges add up exactly;
 * they are published as dollars.
 */
export type Micros = number & { readonly __micros: unique symbol };

export function toMicros(dollars: number): Micros {
  return Math.round(dollars * 1_000_000) as Micros;
}

export function toDollars(micros: Micros): number {
  return micros / 1_000_000;
}
