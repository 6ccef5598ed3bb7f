/** A counting semaphore that serves waiters strictly first-come, first-served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly size: number) {
    if (size < 1) throw new Error("Semaphore size must be at least 1.");
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** Resolves with a release function once a slot is free. Call release exactly once. */
  async acquire(): Promise<() => void> {
    if (this.active < this.size) {
      this.active++;
    } else {
      // The slot is handed over directly by release(), so `active` never dips and a newcomer
      // cannot overtake someone who has been waiting.
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    };
  }
}
