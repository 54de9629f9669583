/**
 * At most a few password hashes at once (decision 006, "Hashing"). scrypt runs on libuv's
 * thread pool (4 threads by default), which file reads, DNS look-ups and zlib share: a flood
 * of logins once made the storefront wait 10-15 s behind queued hashes. The gate keeps
 * threads free for everything else, lets a short queue wait briefly, and refuses the rest
 * with a 429 at once instead of piling up work nobody will wait for.
 */
import { TooManyRequestsError } from '../../http/too-many-requests.ts';

export const SERVER_BUSY_MESSAGE = 'The server is busy, please try again in a moment.';
/** "A moment": about as long as a queued hash may wait. */
const SERVER_BUSY_RETRY_AFTER_SECONDS = 2;

export class ServerBusyError extends TooManyRequestsError {
  constructor() {
    super(SERVER_BUSY_MESSAGE, SERVER_BUSY_RETRY_AFTER_SECONDS);
    this.name = 'ServerBusyError';
  }
}

export interface GateLimits {
  /** Tasks running at once. */
  maxActive: number;
  /** Tasks waiting for a turn; one more is refused at once. */
  maxWaiting: number;
  /** How long a task may wait for its turn before it is refused. */
  maxWaitMs: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore with a bounded queue and a bounded wait, first come first served. */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limits: GateLimits) {}

  /** How many tasks run and wait right now. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; throws ServerBusyError when the queue is full or the wait too long. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limits.maxActive) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(new ServerBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new ServerBusyError());
        }, this.limits.maxWaitMs),
      };
      waiter.timer.unref();
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    // The slot passes straight to the next waiter, so `active` stays as it is.
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active -= 1;
  }
}

/**
 * The one gate every scrypt call of this process goes through (the thread pool is per
 * process, so the gate is too): 2 of the pool's 4 threads, 50 waiting for at most 2 s.
 */
export const PASSWORD_GATE_LIMITS: GateLimits = { maxActive: 2, maxWaiting: 50, maxWaitMs: 2000 };
export const passwordGate = new ConcurrencyGate(PASSWORD_GATE_LIMITS);

/**
 * Logins in progress in this process, from their first database look-up to the answer: no
 * more than the password gate can run and queue. A login past that is refused at once,
 * before it costs anything: in a storm of logins it was the database look-ups of logins
 * that would be refused at the gate anyway that kept the event loop (and the storefront)
 * waiting, PGlite running on the main thread.
 */
export const loginGate = new ConcurrencyGate({
  maxActive: PASSWORD_GATE_LIMITS.maxActive + PASSWORD_GATE_LIMITS.maxWaiting,
  maxWaiting: 0,
  maxWaitMs: 0,
});
