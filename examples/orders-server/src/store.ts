/**
 * The in-memory order book and payments ledger behind both twins of the example server.
 *
 * Failures are simulated deterministically, so every error path of the tools can be reached on demand:
 * - customer `cust-timeout`: the order database times out on every query about that customer;
 * - order `ord-payments-down`: the payments upstream answers 503 (Retry-After 2 s) for refunds of that order;
 * - `ORDERS_SIMULATE` (comma-separated) turns a failure on for every call:
 *   `db-timeout` (the order database times out), `payments-503` (payments answers 503),
 *   `payments-budget-spent` (payments answers 503 and its retry budget for this session is spent).
 * Refunds become visible in the ledger `REFUND_SETTLE_MS` (default 1500) after they are issued,
 * the way a real payments provider records them asynchronously.
 */

export type OrderStatus = 'placed' | 'shipped' | 'delivered' | 'cancelled';

export interface Order {
  id: string;
  customerId: string;
  status: OrderStatus;
  totalCents: number;
  currency: 'EUR';
  placedAt: string;
}

export interface Refund {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string;
  issuedAt: number;
  /** Milliseconds since the epoch at which the ledger shows the refund. */
  visibleAt: number;
}

/** The refund policy: larger refunds need a manager's approval outside this tool. */
export const REFUND_POLICY_LIMIT_CENTS = 50_000;

/** The order database did not answer in time. */
export class DatabaseTimeoutError extends Error {
  constructor(
    readonly operation: string,
    readonly timeoutMs: number,
  ) {
    super(`order database timed out after ${timeoutMs} ms during ${operation} (pool db-primary:5432)`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** The payments upstream answered with an HTTP error status. */
export class PaymentsUpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
    /** Whether the upstream's own retry budget for this session is spent. */
    readonly budgetSpent: boolean,
  ) {
    super(`payments upstream answered HTTP ${status} (POST https://payments.internal/v2/refunds)`);
    this.name = 'PaymentsUpstreamError';
  }
}

export type SimulatedFailure = 'db-timeout' | 'payments-503' | 'payments-budget-spent';

const SIMULATED_FAILURES: readonly SimulatedFailure[] = ['db-timeout', 'payments-503', 'payments-budget-spent'];

export interface StoreOptions {
  failures: ReadonlySet<SimulatedFailure>;
  refundSettleMs: number;
  now: () => number;
}

/** Reads `ORDERS_SIMULATE` and `REFUND_SETTLE_MS`; unknown failure names are ignored. */
export function storeOptionsFromEnv(env: NodeJS.ProcessEnv): StoreOptions {
  const requested = (env.ORDERS_SIMULATE ?? '').split(',').map((name) => name.trim());
  const failures = new Set(SIMULATED_FAILURES.filter((name) => requested.includes(name)));
  const settle = Number(env.REFUND_SETTLE_MS);
  return { failures, refundSettleMs: Number.isFinite(settle) && settle >= 0 ? settle : 1500, now: Date.now };
}

const TIMEOUT_CUSTOMER = 'cust-timeout';
const PAYMENTS_DOWN_ORDER = 'ord-payments-down';
const DATABASE_TIMEOUT_MS = 2000;
const PAYMENTS_RETRY_AFTER_MS = 2000;

function seedOrders(): Order[] {
  return [
    {
      id: 'ord-1001',
      customerId: 'cust-8421',
      status: 'delivered',
      totalCents: 12_900,
      currency: 'EUR',
      placedAt: '2026-10-02',
    },
    {
      id: 'ord-1002',
      customerId: 'cust-8421',
      status: 'shipped',
      totalCents: 4_550,
      currency: 'EUR',
      placedAt: '2026-11-20',
    },
    {
      id: 'ord-1003',
      customerId: 'cust-5150',
      status: 'placed',
      totalCents: 89_000,
      currency: 'EUR',
      placedAt: '2026-11-28',
    },
    {
      id: 'ord-1004',
      customerId: 'cust-5150',
      status: 'delivered',
      totalCents: 120_000,
      currency: 'EUR',
      placedAt: '2026-09-14',
    },
    {
      id: PAYMENTS_DOWN_ORDER,
      customerId: 'cust-7777',
      status: 'delivered',
      totalCents: 3_000,
      currency: 'EUR',
      placedAt: '2026-11-01',
    },
    {
      id: 'ord-2001',
      customerId: TIMEOUT_CUSTOMER,
      status: 'placed',
      totalCents: 1_000,
      currency: 'EUR',
      placedAt: '2026-11-29',
    },
  ];
}

export class OrderStore {
  private readonly orders = new Map<string, Order>(seedOrders().map((order) => [order.id, order]));
  private readonly refunds = new Map<string, Refund>();
  private nextRefund = 1;

  constructor(private readonly options: StoreOptions) {}

  private checkDatabase(operation: string, customerId: string | undefined): void {
    if (this.options.failures.has('db-timeout') || customerId === TIMEOUT_CUSTOMER) {
      throw new DatabaseTimeoutError(operation, DATABASE_TIMEOUT_MS);
    }
  }

  /** The order, or undefined when there is no order with that id. */
  async findOrder(orderId: string): Promise<Order | undefined> {
    const order = this.orders.get(orderId);
    this.checkDatabase('findOrder', order?.customerId);
    return order;
  }

  /** The customer's orders, newest first; an empty list when the customer has none. */
  async listOrders(customerId: string, status?: OrderStatus): Promise<Order[]> {
    this.checkDatabase('listOrders', customerId);
    return [...this.orders.values()]
      .filter((order) => order.customerId === customerId && (status === undefined || order.status === status))
      .sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  }

  /** Cancels an order that has not shipped yet; returns the updated order. */
  async cancelOrder(order: Order): Promise<Order> {
    this.checkDatabase('cancelOrder', order.customerId);
    const cancelled: Order = { ...order, status: 'cancelled' };
    this.orders.set(order.id, cancelled);
    return cancelled;
  }

  /** Sends a refund to the payments upstream; the ledger shows it after the settle delay. */
  async refund(order: Order, amountCents: number, reason: string): Promise<Refund> {
    const failures = this.options.failures;
    if (failures.has('payments-budget-spent')) throw new PaymentsUpstreamError(503, undefined, true);
    if (failures.has('payments-503') || order.id === PAYMENTS_DOWN_ORDER) {
      throw new PaymentsUpstreamError(503, PAYMENTS_RETRY_AFTER_MS, false);
    }
    const issuedAt = this.options.now();
    const refund: Refund = {
      id: `ref-${String(this.nextRefund++).padStart(4, '0')}`,
      orderId: order.id,
      amountCents,
      reason,
      issuedAt,
      visibleAt: issuedAt + this.options.refundSettleMs,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /**
   * Looks a refund up in the ledger. `pending` means the refund was issued but the ledger does not show
   * it yet; `unknown` means no refund with that id was ever issued.
   */
  async findRefund(
    refundId: string,
  ): Promise<{ state: 'found'; refund: Refund } | { state: 'pending'; visibleInMs: number } | { state: 'unknown' }> {
    this.checkDatabase('findRefund', undefined);
    const refund = this.refunds.get(refundId);
    if (!refund) return { state: 'unknown' };
    const now = this.options.now();
    if (now < refund.visibleAt) return { state: 'pending', visibleInMs: refund.visibleAt - now };
    return { state: 'found', refund };
  }
}

/** The one store of this server process. */
export const store = new OrderStore(storeOptionsFromEnv(process.env));

export function formatCents(cents: number): string {
  return `${(cents / 100).toFixed(2)} EUR`;
}
