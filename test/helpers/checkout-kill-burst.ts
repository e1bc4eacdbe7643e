import { isDeepStrictEqual } from 'node:util';
import type Bull from 'bull';
import type { TestResponse } from './http-client.js';
import { CARDS, US_ADDRESS } from './checkout-fixtures.js';
import type { ServiceBuild } from './service-build.js';
import { type ServiceProcess, startServiceProcess } from './service-processes.js';
import { requeueJobsOfDeadWorkers } from './webhook-workers.js';

/** A seeded generator (mulberry32): the same seed plans the same burst. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it equals `goal`; then fails showing the difference. */
export async function untilEqual<T>(read: () => Promise<T>, goal: T, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let state = await read();
  while (!isDeepStrictEqual(state, goal) && Date.now() < deadline) {
    await pause(50);
    state = await read();
  }
  expect(state).toEqual(goal);
}

/** A planned SIGKILL: of which process, once the burst has sent how many requests. */
export interface PlannedKill {
  target: 'api' | 'worker';
  /** Which API process (by slot) for an `api` kill. */
  slot: number;
  afterRequests: number;
  /** A little more, so that the kill lands inside a request rather than between two. */
  delayMs: number;
}

/**
 * `apiKills` and `workerKills` kill points within the first `requests` of the burst: each kind's
 * points one in each of as many equal stretches of its 5–85 %, so that a process has time to
 * start again before its next kill.
 */
export function planKills(
  random: () => number,
  counts: { apiKills: number; workerKills: number; apiSlots: number; requests: number },
): PlannedKill[] {
  const points = (count: number) =>
    Array.from({ length: count }, (_, n) =>
      Math.floor(counts.requests * (0.05 + (0.8 * (n + random())) / count)),
    );
  const kills: PlannedKill[] = [
    ...points(counts.apiKills).map((afterRequests) => ({
      target: 'api' as const,
      slot: Math.floor(random() * counts.apiSlots),
      afterRequests,
      delayMs: Math.floor(random() * 40),
    })),
    ...points(counts.workerKills).map((afterRequests) => ({
      target: 'worker' as const,
      slot: 0,
      afterRequests,
      delayMs: Math.floor(random() * 40),
    })),
  ];
  return kills.sort((a, b) => a.afterRequests - b.afterRequests);
}

/**
 * API processes (in slots) and one worker process of the built service, killed with SIGKILL and
 * started again on cue. Requests go to a live API; one that a kill cuts off answers undefined.
 */
export class ServiceFleet {
  private readonly apis: (ServiceProcess | undefined)[];
  private worker: ServiceProcess | undefined;
  /** Processes being started, by name (`api 0`, `worker`). */
  private readonly starting = new Map<string, Promise<void>>();
  /** A kill that is due but waits for its target to have started: requests wait with it. */
  private due: Promise<void> | undefined;
  private next = 0;
  /** Requests sent so far, the clock the kill plan runs on. */
  sent = 0;
  /** Requests a kill cut off (no answer). */
  cutOff = 0;
  readonly killed: { target: string; afterRequests: number; at: number }[] = [];
  /** How long each process took to start, in ms. */
  readonly startMs: number[] = [];

  private constructor(
    private readonly build: ServiceBuild,
    private readonly env: Record<string, string>,
    private readonly webhooksQueue: Bull.Queue,
    apiSlots: number,
  ) {
    this.apis = Array.from({ length: apiSlots }, () => undefined);
  }

  static async start(
    build: ServiceBuild,
    env: Record<string, string>,
    webhooksQueue: Bull.Queue,
    apiSlots: number,
  ): Promise<ServiceFleet> {
    const fleet = new ServiceFleet(build, env, webhooksQueue, apiSlots);
    await Promise.all([...fleet.apis.map((_, slot) => fleet.startApi(slot)), fleet.startWorker()]);
    return fleet;
  }

  private async startApi(slot: number): Promise<void> {
    const started = Date.now();
    this.apis[slot] = await startServiceProcess(
      this.build,
      `api ${slot}`,
      { ...this.env, PROCESS_ROLE: 'api', LOG_LEVEL: 'warn' },
      90_000,
    );
    this.startMs.push(Date.now() - started);
  }

  private async startWorker(): Promise<void> {
    const started = Date.now();
    this.worker = await startServiceProcess(
      this.build,
      'worker',
      { ...this.env, PROCESS_ROLE: 'worker', LOG_LEVEL: 'info' },
      90_000,
    );
    this.startMs.push(Date.now() - started);
  }

  /**
   * Sends a Store API request to a live API (waiting for one if none is), or to the one in `slot`;
   * undefined if cut off.
   */
  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    json?: unknown,
    slot?: number,
  ): Promise<TestResponse | undefined> {
    let url: string | undefined;
    for (;;) {
      await this.due;
      const live = this.apis.filter(
        (api, index) => api?.running() && (slot === undefined || index === slot),
      );
      if (live.length > 0) {
        url = live[this.next++ % live.length]!.url;
        break;
      }
      await pause(20);
    }
    this.sent += 1;
    let response: Response;
    try {
      response = await fetch(`${url}/api/v3/store${path}`, {
        method,
        headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : undefined,
        text,
      };
    } catch {
      this.cutOff += 1;
      return undefined;
    }
  }

  /**
   * Carries out `plan` as the burst's requests pass its points; resolves when `done` says so. A
   * kill whose target is still starting holds new requests until it is carried out, so that a
   * slow machine shifts the kills, not the plan. A worker is killed once `delivering` holds (POSTs
   * at the receiver), or after a second without.
   */
  async chaos(plan: PlannedKill[], done: () => boolean, delivering: () => boolean): Promise<void> {
    for (const kill of plan) {
      while (this.sent < kill.afterRequests) {
        if (done()) return;
        await pause(5);
      }
      const name = kill.target === 'api' ? `api ${kill.slot}` : 'worker';
      const restarting = this.starting.get(name);
      if (restarting) {
        this.due = restarting;
        await restarting;
        this.due = undefined;
      }
      if (kill.target === 'worker') {
        const deadline = Date.now() + 1_000;
        while (!delivering() && Date.now() < deadline) await pause(2);
      }
      await pause(kill.delayMs);
      this.killed.push({ target: name, afterRequests: this.sent, at: Date.now() });
      if (kill.target === 'api') await this.restartApi(kill.slot);
      else await this.restartWorker();
    }
  }

  /** Kills an API process (SIGKILL); its successor starts in the background. */
  async restartApi(slot: number): Promise<void> {
    const api = this.apis[slot];
    this.apis[slot] = undefined;
    await api?.kill('SIGKILL');
    this.restart(`api ${slot}`, this.startApi(slot));
  }

  /**
   * Kills the worker and starts another at once: the jobs it was running go back to the queue
   * right away, as Bull's stalled-job check would do by itself once their locks expired.
   */
  private async restartWorker(): Promise<void> {
    await this.worker?.kill('SIGKILL');
    this.worker = undefined;
    await requeueJobsOfDeadWorkers(this.webhooksQueue);
    this.restart('worker', this.startWorker());
  }

  private restart(name: string, started: Promise<void>): void {
    this.starting.set(
      name,
      started.finally(() => this.starting.delete(name)),
    );
  }

  /** Stops every process of the fleet. */
  async stop(): Promise<void> {
    await Promise.all([...this.starting.values()].map((started) => started.catch(() => undefined)));
    await Promise.all([...this.apis, this.worker].map((proc) => proc?.kill()));
  }

  /** Waits for every process started again to be ready. */
  async settled(): Promise<void> {
    await Promise.all(this.starting.values());
  }
}

export interface ShopperPlan {
  variantId: string;
  quantity: number;
}

/** An answer the burst did not expect: a request the service should never answer that way. */
export interface Unexpected {
  shopper: number;
  step: string;
  status: number;
  body: unknown;
}

/**
 * One guest's card checkout through the fleet: create cart → add → address → pay → complete.
 * A request cut off by a kill is retried once the cart shows whether it took effect; a
 * completion is retried at once, including one whose payment a killed process held.
 */
export class BurstShopper {
  cartId = '';
  private token = '';
  private paid = false;
  /** When a kill first cut off this shopper's completion (epoch ms). */
  completionCutOffAt: number | undefined;
  /** When the completion answered the placed order (epoch ms). */
  completedAt: number | undefined;

  constructor(
    readonly index: number,
    private readonly fleet: ServiceFleet,
    private readonly publishableKey: string,
    private readonly paymentMethodId: string,
    readonly plan: ShopperPlan,
    private readonly unexpected: Unexpected[],
  ) {}

  get orderId(): string {
    return `or_${this.cartId.slice('cart_'.length)}`;
  }

  private send(method: string, path: string, json?: unknown) {
    return this.fleet.request(
      method,
      path,
      {
        'x-store-api-key': this.publishableKey,
        ...(this.token ? { 'x-store-token': this.token } : {}),
      },
      json,
    );
  }

  private note(step: string, response: TestResponse): void {
    this.unexpected.push({
      shopper: this.index,
      step,
      status: response.status,
      body: response.body,
    });
  }

  /** The cart as stored now; undefined when cut off or no longer a cart (placed). */
  private async view(): Promise<Record<string, any> | undefined> {
    const response = await this.send('GET', `/carts/${this.cartId}`);
    return response?.status === 200 ? response.body : undefined;
  }

  /** Retries `step` until `done` holds for its answer or for the cart (after a cut-off). */
  private async until(
    name: string,
    step: () => Promise<TestResponse | undefined>,
    done: (response: TestResponse) => boolean,
    tookEffect: (cart: Record<string, any>) => boolean,
  ): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await step();
      if (response && done(response)) return;
      if (response) this.note(name, response);
      const cart = await this.view();
      if (cart && tookEffect(cart)) return;
      await pause(20);
    }
    throw new Error(`Shopper ${this.index} could not ${name}`);
  }

  async run(): Promise<void> {
    if (!this.cartId) await this.createCart();
    await this.until(
      'add an item',
      () =>
        this.send('POST', `/carts/${this.cartId}/items`, {
          variant_id: this.plan.variantId,
          quantity: this.plan.quantity,
        }),
      (response) => response.status === 201,
      (cart) => cart.line_items.some((line: { quantity: number }) => line.quantity > 0),
    );
    await this.until(
      'give the address',
      () =>
        this.send('PATCH', `/carts/${this.cartId}`, {
          email: `shopper${this.index}@example.com`,
          billing_address: US_ADDRESS,
          use_shipping: true,
        }),
      (response) => response.status === 200,
      () => false,
    );
    return this.payAndComplete();
  }

  private async createCart(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // A cart created by a request that was cut off stays behind, empty: another is made.
      const response = await this.send('POST', '/carts', {});
      if (response?.status === 201) {
        this.cartId = response.body.id;
        this.token = response.body.token;
        return;
      }
      if (response) this.note('create a cart', response);
      await pause(20);
    }
    throw new Error(`Shopper ${this.index} could not create a cart`);
  }

  private pay(): Promise<void> {
    return this.until(
      'pay',
      () =>
        this.send('POST', `/carts/${this.cartId}/payments`, {
          payment_method_id: this.paymentMethodId,
          source: CARDS.approved,
        }),
      (response) => response.status === 201,
      (cart) => cart.payments.some((payment: { state: string }) => payment.state === 'checkout'),
    );
  }

  /** Completes (paying first if no payment waits). */
  async payAndComplete(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (!this.paid) {
        await this.pay();
        this.paid = true;
      }
      const response = await this.send('POST', `/carts/${this.cartId}/complete`);
      if (response?.status === 200 && response.body.state === 'complete') {
        this.completedAt = Date.now();
        return;
      }
      if (!response) this.completionCutOffAt ??= Date.now();
      const cart = await this.view();
      const states: string[] =
        cart?.payments.map((payment: { state: string }) => payment.state) ?? [];
      if (response) this.note('complete', response);
      if (cart && !states.includes('checkout') && !states.includes('processing')) this.paid = false;
      await pause(20);
    }
    throw new Error(
      `Shopper ${this.index} could not complete: ${JSON.stringify(this.unexpected.filter((u) => u.shopper === this.index).slice(-3))}`,
    );
  }
}
