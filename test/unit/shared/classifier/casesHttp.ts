/** Cases: fetch (undici, ky over fetch) and axios. */
import { axiosError, dnsError, fetchFailed, named, netError, NOW, undiciError, type FailureCase } from './shapes';

export const HTTP_CASES: FailureCase[] = [
  {
    name: 'dns ENOTFOUND for a host the request named: NOT_FOUND',
    error: fetchFailed(dnsError('ENOTFOUND', 'no-such-host.example')),
    context: { operation: 'fetch_url', requestValues: ['https://no-such-host.example/page'] },
    category: 'NOT_FOUND',
    retryable: false,
    helper: false,
  },
  {
    name: 'fetch failed: undici connect timeout in cause',
    error: fetchFailed(
      undiciError(
        'ConnectTimeoutError',
        'UND_ERR_CONNECT_TIMEOUT',
        'Connect Timeout Error (attempted address: api.example.com:443, timeout: 10000ms)',
      ),
    ),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'code UND_ERR_CONNECT_TIMEOUT',
  },
  {
    name: 'fetch failed: ECONNREFUSED in cause',
    error: fetchFailed(netError('ECONNREFUSED', -111, 'connect', '127.0.0.1', 8080)),
    context: { operation: 'get_weather' },
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'errno ECONNREFUSED',
    says: ['get_weather failed: the upstream service refused the connection'],
  },
  {
    name: 'fetch failed: AggregateError of both address families (autoSelectFamily)',
    error: fetchFailed(
      Object.assign(
        new AggregateError(
          [
            netError('ECONNREFUSED', -111, 'connect', '::1', 3000),
            netError('ECONNREFUSED', -111, 'connect', '127.0.0.1', 3000),
          ],
          '',
        ),
        { code: 'ECONNREFUSED' },
      ),
    ),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'fetch failed: other side closed (UND_ERR_SOCKET)',
    error: fetchFailed(undiciError('SocketError', 'UND_ERR_SOCKET', 'other side closed')),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'undici headers timeout',
    error: fetchFailed(undiciError('HeadersTimeoutError', 'UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error')),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'fetch aborted: DOMException AbortError',
    error: new DOMException('This operation was aborted', 'AbortError'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'AbortError',
  },
  {
    name: 'fetch with AbortSignal.timeout: DOMException TimeoutError',
    error: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'TimeoutError',
  },
  {
    name: 'ky HTTPError 404 with a fetch Response',
    error: named('HTTPError', 'Request failed with status code 404 Not Found: GET https://api.example.com/orders/12', {
      response: new Response(null, { status: 404, statusText: 'Not Found' }),
    }),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'HTTP 404',
  },
  {
    name: 'ky HTTPError 429 with Retry-After seconds in fetch Headers',
    error: named('HTTPError', 'Request failed with status code 429 Too Many Requests', {
      response: new Response(null, { status: 429, headers: new Headers({ 'Retry-After': '7' }) }),
    }),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 7000,
    says: ['after 7 s'],
  },
  {
    name: '503 with Retry-After as an HTTP date',
    error: named('HTTPError', 'Request failed with status code 503 Service Unavailable', {
      response: new Response(null, {
        status: 503,
        headers: new Headers({ 'retry-after': new Date(NOW + 120_000).toUTCString() }),
      }),
    }),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 120_000,
    helper: false,
  },
  {
    name: 'undici ResponseStatusCodeError 500: UNKNOWN, not retryable',
    error: named('ResponseStatusCodeError', 'Response status code 500: Internal Server Error', {
      code: 'UND_ERR_RESPONSE_STATUS_CODE',
      statusCode: 500,
      headers: { 'content-type': 'text/plain' },
      body: 'Internal Server Error',
    }),
    category: 'UNKNOWN',
    retryable: false,
    evidence: 'HTTP 500',
  },
  {
    name: 'axios 404 with a message in the body; the bearer token stays hidden',
    error: axiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', {
      status: 404,
      statusText: 'Not Found',
      data: { message: 'Order 12 not found' },
    }),
    context: { operation: 'get_order' },
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'HTTP 404',
    says: ['get_order failed: Order 12 not found (HTTP 404)'],
    hides: ['Bearer', 'sk-live'],
  },
  {
    name: 'axios 422 with a validation message',
    error: axiosError('Request failed with status code 422', 'ERR_BAD_REQUEST', {
      status: 422,
      statusText: 'Unprocessable Entity',
      data: { error: 'quantity must be a positive integer' },
    }),
    category: 'VALIDATION',
    retryable: false,
    says: ['quantity must be a positive integer'],
  },
  {
    name: 'axios 400',
    error: axiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', {
      status: 400,
      statusText: 'Bad Request',
    }),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'axios 401',
    error: axiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', {
      status: 401,
      statusText: 'Unauthorized',
    }),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'axios 403',
    error: axiosError('Request failed with status code 403', 'ERR_BAD_REQUEST', {
      status: 403,
      statusText: 'Forbidden',
    }),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'axios 409',
    error: axiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', {
      status: 409,
      statusText: 'Conflict',
      data: { detail: 'Order 12 was already shipped' },
    }),
    category: 'BUSINESS',
    retryable: false,
    says: ['already shipped'],
  },
  {
    name: 'axios 429 with retry-after in AxiosHeaders',
    error: axiosError('Request failed with status code 429', 'ERR_BAD_REQUEST', {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'retry-after': '30', 'content-type': 'application/json' },
    }),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 30_000,
  },
  {
    name: 'axios 500: UNKNOWN, not retryable',
    error: axiosError('Request failed with status code 500', 'ERR_BAD_RESPONSE', {
      status: 500,
      statusText: 'Internal Server Error',
      data: { error: 'Internal Server Error' },
    }),
    category: 'UNKNOWN',
    retryable: false,
    says: ['report it to the operator'],
  },
  {
    name: 'axios 503',
    error: axiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', {
      status: 503,
      statusText: 'Service Unavailable',
    }),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'axios 502 (error.status, axios ≥ 1.7)',
    error: axiosError('Request failed with status code 502', 'ERR_BAD_RESPONSE', {
      status: 502,
      statusText: 'Bad Gateway',
    }),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'axios timeout: ECONNABORTED, no response',
    error: axiosError('timeout of 5000ms exceeded', 'ECONNABORTED'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'errno ECONNABORTED',
  },
  {
    name: 'axios timeout with clarifyTimeoutError: ETIMEDOUT',
    error: axiosError('timeout of 5000ms exceeded', 'ETIMEDOUT'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'axios ERR_NETWORK',
    error: axiosError('Network Error', 'ERR_NETWORK'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'code ERR_NETWORK',
  },
  {
    name: 'axios CanceledError',
    error: named('CanceledError', 'canceled', { code: 'ERR_CANCELED', __CANCEL__: true }),
    category: 'TRANSIENT',
    retryable: true,
  },
];
