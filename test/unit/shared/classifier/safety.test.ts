import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyFailure, classifyText, readForeignFailure } from '../../../../shared/src/classifier';
import { ERROR_CATEGORIES } from '../../../../shared/src/taxonomy';
import { assertSafeMessage } from './check';

function throwingProxy(): object {
  return new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );
}

function hostileInputs(): [string, unknown][] {
  const cyclic: Record<string, unknown> = { message: 'loop', code: 'ECONNRESET' };
  cyclic.cause = cyclic;
  const twoCycle: Record<string, unknown> = { message: 'a' };
  twoCycle.cause = { message: 'b', cause: twoCycle, errors: [twoCycle] };
  const getters = Object.defineProperties(
    {},
    Object.fromEntries(
      ['message', 'name', 'code', 'status', 'cause', 'response', 'issues', 'errors', 'headers', 'constructor'].map(
        (key) => [
          key,
          {
            get: () => {
              throw new Error(key);
            },
            enumerable: true,
          },
        ],
      ),
    ),
  );
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  let deep: unknown = new Error('bottom', { cause: undefined });
  for (let i = 0; i < 200; i++) deep = new Error(`level ${i}`, { cause: deep });
  const badHeaders = {
    status: 429,
    response: {
      headers: {
        get: () => {
          throw new Error('no');
        },
      },
    },
  };
  const weirdHeaders = { status: 503, headers: { get: () => ({ not: 'a string' }), 'retry-after': Symbol('x') } };
  return [
    ['null', null],
    ['undefined', undefined],
    ['zero', 0],
    ['NaN', Number.NaN],
    ['a number status-like', 404],
    ['a bigint', 10n],
    ['a symbol', Symbol('boom')],
    ['a function', () => 1],
    ['an array', [1, 'two', { message: 'three' }]],
    ['a cycle through cause', cyclic],
    ['a two-node cycle with errors', twoCycle],
    ['throwing getters', getters],
    ['a proxy that throws on every trap', throwingProxy()],
    ['a revoked proxy', revocable.proxy],
    ['an error whose cause is a revoked proxy', new Error('x', { cause: revocable.proxy })],
    ['a 200-deep cause chain', deep],
    ['an AggregateError of 10 000 errors', new AggregateError(Array.from({ length: 10_000 }, () => new Error('e')))],
    ['a 5 MB message', new Error('x'.repeat(5_000_000))],
    ['a 5 MB string', 'ENOENT '.repeat(700_000)],
    [
      'a huge issues array',
      { name: 'ZodError', issues: Array.from({ length: 100_000 }, (_, i) => ({ path: [i], message: 'm' })) },
    ],
    ['Object.create(null)', Object.assign(Object.create(null) as object, { message: 'no prototype', code: 'EPERM' })],
    ['non-string fields', { message: 42, name: {}, code: [], status: '4o4', cause: 7 }],
    ['headers whose get throws', badHeaders],
    ['headers with odd values', weirdHeaders],
    [
      'a toString that throws',
      {
        toString: () => {
          throw new Error('no');
        },
        message: {
          toString: () => {
            throw new Error('no');
          },
        },
      },
    ],
    ['a regex-hostile message', new Error('a'.repeat(50_000) + '!'.repeat(50_000) + ' /x/'.repeat(10_000))],
  ];
}

void describe('classifier: hostile input never throws', () => {
  for (const [name, input] of hostileInputs()) {
    void it(name, () => {
      const started = Date.now();
      const result = classifyFailure(input, { operation: 'probe' });
      assert.ok(ERROR_CATEGORIES.includes(result.category));
      assert.equal(typeof result.isRetryable, 'boolean');
      assert.ok(Array.isArray(result.evidence));
      assertSafeMessage(result.message);
      assert.doesNotThrow(() => readForeignFailure(input));
      // A catastrophic backtrack takes minutes; the bound is loose so that a slow, busy machine never fails it.
      assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
    });
  }

  void it('adversarial strings for the cleaning patterns stay fast', () => {
    const strings = ['a.', 'x:', 'a/', 'a-', 'http://', "'/a/", 'C:\\', 'token=', 'Bearer ', ' at x', '\n', 'x@'].map(
      (unit) => unit.repeat(Math.ceil(40_000 / unit.length)),
    );
    for (const value of strings) {
      const started = Date.now();
      assertSafeMessage(classifyText(value).message);
      assertSafeMessage(classifyFailure({ message: value, response: { data: { message: value } } }).message);
      assert.ok(Date.now() - started < 20_000, `${JSON.stringify(value.slice(0, 8))} took ${Date.now() - started} ms`);
    }
  });

  void it('classifyText tolerates a non-string at run time', () => {
    assert.equal(classifyText(undefined as unknown as string).category, 'UNKNOWN');
  });
});

const SECRETS = [
  'https://ada:p4ssw0rd@api.example.com/v1/orders?api_key=abc123def456ghi&page=2',
  'Authorization: Bearer abc.def123.ghi456',
  'token ghp_0123456789abcdefghijABCDEFGHIJ012345 rejected',
  'AWS key AKIAIOSFODNN7EXAMPLE is disabled',
  'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U expired',
  'password=hunter2 is wrong',
  'slack xoxb-123456789012-abcdefghijkl revoked',
  'OpenAI key sk-live-0123456789abcdefABCDEF is invalid',
];

void describe('classifier: messages hide internals', () => {
  for (const secret of SECRETS) {
    void it(`redacts: ${secret.slice(0, 30)}`, () => {
      for (const status of [undefined, 401, 503]) {
        assertSafeMessage(classifyFailure(Object.assign(new Error(secret), { status })).message);
      }
      assertSafeMessage(classifyText(`Error: ${secret}`).message);
    });
  }

  void it('drops stack frames written into the message', () => {
    const error = new Error(
      'db down\n    at Pool.connect (/app/node_modules/pg-pool/index.js:45:11)\n    at async getOrder (/app/src/orders.ts:12:5)',
    );
    const result = classifyFailure(error, { operation: 'get_order' });
    assert.equal(result.message.includes('node_modules'), false, result.message);
    assert.ok(result.message.startsWith('get_order failed: db down'), result.message);
  });

  void it('keeps a path the request named and hides the rest', () => {
    const error = new Error("Cannot read '/data/in.csv': see /opt/app/config/secrets.yaml");
    const result = classifyFailure(error, { requestValues: ['/data/in.csv'] });
    assert.ok(result.message.includes('/data/in.csv'), result.message);
    assert.ok(!result.message.includes('/opt/app'), result.message);
  });

  void it('keeps a URL the request named; strips query strings from others', () => {
    const asked = 'https://example.com/page?id=3';
    const result = classifyFailure(
      new Error(`GET ${asked} redirected to https://login.example.com/sso?ticket=XYZ123`),
      {
        requestValues: [asked],
      },
    );
    assert.ok(result.message.includes(asked), result.message);
    assert.ok(!result.message.includes('ticket'), result.message);
  });

  void it('does not mangle ordinary words that contain a slash', () => {
    const result = classifyText('quantity and/or price must be positive (24/7 support)');
    assert.ok(result.message.includes('and/or price must be positive (24/7 support)'), result.message);
  });
});

/** A small deterministic generator of error-like values built from the fields the classifier reads. */
function randomFailure(seed: number): unknown {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const values: unknown[] = [
    'ENOENT',
    'P2025',
    '40001',
    'ECONNRESET',
    -32602,
    404,
    503,
    500,
    14,
    'ZodError',
    'AbortError',
    null,
    undefined,
    '',
    'x'.repeat(1000),
    { throttling: true },
    [],
    [{ path: ['a', 0], message: 'bad' }],
    'server',
    '0',
    '30',
    'Bearer sk-live-0123456789abcdef',
    '/home/ada/secret.txt',
    'Tue, 01 Jan 2030 00:00:00 GMT',
    Symbol('s'),
    12n,
  ];
  const keys = [
    'message',
    'name',
    'code',
    'status',
    'statusCode',
    '$fault',
    '$retryable',
    'issues',
    'errors',
    'errorCode',
    'retryable',
    'isRetryable',
    'errorCategory',
    'details',
    'metadata',
    'category',
    'recoverable',
  ];
  const build = (depth: number): unknown => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < 1 + Math.floor(next() * 5); i++) object[pick(keys)] = pick(values);
    if (next() < 0.3) object.headers = { 'retry-after': pick(values), 'x-ratelimit-remaining': pick(values) };
    if (next() < 0.3) object.response = { status: pick(values), data: { message: pick(values) } };
    if (depth < 3 && next() < 0.5) object.cause = build(depth + 1);
    return object;
  };
  return build(0);
}

void describe('classifier: property — random error shapes', () => {
  void it('500 generated shapes: never throws, valid verdict, safe message', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const input = randomFailure(seed);
      const result = classifyFailure(input, { operation: 'tool' });
      assert.ok(ERROR_CATEGORIES.includes(result.category), `seed ${seed}`);
      if (['VALIDATION', 'PERMISSION', 'BUSINESS'].includes(result.category)) assert.equal(result.isRetryable, false);
      if (result.retryAfterMs !== undefined) assert.ok(result.isRetryable && result.retryAfterMs >= 0, `seed ${seed}`);
      assertSafeMessage(result.message);
    }
  });
});
