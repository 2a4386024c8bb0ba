/**
 * A small seeded pseudo-random generator (mulberry32) for the probe's wrong calls: the same seed gives the same
 * calls on every machine. Each tool gets its own stream (seed + tool name), so adding a tool to a server does not
 * change the calls sent to the others.
 */

/** FNV-1a over the text, mixed with the seed: a 32-bit start state per (seed, tool). */
function hashSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export class SeededRandom {
  private state: number;

  constructor(seed: number, stream = '') {
    this.state = hashSeed(seed, stream);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }

  /** `length` lower-case hex digits. */
  hex(length: number): string {
    let text = '';
    while (text.length < length) text += this.below(16).toString(16);
    return text;
  }
}
