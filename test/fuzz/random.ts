/** A small seeded PRNG (mulberry32) and the choices the fuzz generators make with it: same seed, same inputs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i++) buffer[i] = Math.floor(this.next() * 256);
    return buffer;
  }

  /** A derived generator, so one part of a campaign does not shift the inputs of another. */
  fork(salt: number): Random {
    return new Random((Math.floor(this.next() * 0xffffffff) ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  }
}
