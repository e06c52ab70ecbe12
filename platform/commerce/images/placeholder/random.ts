/**
 * The demo pictures' determinism: a seeded random source, and numbers written the same way on
 * every machine.
 */

// ---------------------------------------------------------------------------------------------
// Determinism

export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: small, fast and the same on every machine. */
export function createRandom(seed: number): Random {
  let state = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

/** One decimal at most, so the markup does not depend on floating-point noise. */
export function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}
