/** Cases: failures seen only as text (what a server sent, or what a handler's catch printed). */
import type { FailureCase } from './shapes';

export interface TextCase {
  text: string;
  category: FailureCase['category'];
  retryable: boolean;
  retryAfterMs?: number;
  evidence?: string;
  says?: string[];
  hides?: string[];
  helper?: false;
}

export const TEXT_CASES: TextCase[] = [
  {
    text: "Error: ENOENT: no such file or directory, open '/srv/app/data.json'",
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'errno ENOENT',
    hides: ['/srv/app'],
  },
  { text: 'fetch failed', category: 'TRANSIENT', retryable: true, evidence: '"fetch failed"' },
  {
    text: 'MCP error -32602: Invalid arguments for tool x: limit must be ≤ 100',
    category: 'VALIDATION',
    retryable: false,
    evidence: 'JSON-RPC -32602',
    says: ['limit must be ≤ 100'],
    hides: ['MCP error'],
  },
  {
    text: `Input validation error: Invalid arguments for tool search: ${JSON.stringify([{ code: 'too_big', path: ['limit'], message: 'Too big: expected number to be <=100' }])}`,
    category: 'VALIDATION',
    retryable: false,
    says: ['limit: Too big'],
  },
  { text: 'Request failed with status code 503', category: 'TRANSIENT', retryable: true, evidence: 'HTTP 503' },
  { text: 'HttpError: Not Found', category: 'NOT_FOUND', retryable: false },
  { text: 'Tool get_ordr not found', category: 'NOT_FOUND', retryable: false },
  {
    text: 'ThrottlingException: Rate exceeded',
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'ThrottlingException',
  },
  { text: 'Cannot specify both head and tail parameters simultaneously', category: 'VALIDATION', retryable: false },
  {
    text: 'Rate limit reached for requests. Please try again in 20s.',
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 20_000,
    helper: false,
  },
  { text: 'connect ECONNREFUSED 127.0.0.1:5432', category: 'TRANSIENT', retryable: true, hides: ['127.0.0.1'] },
  { text: 'getaddrinfo ENOTFOUND db.internal', category: 'TRANSIENT', retryable: false },
  { text: '503 Service Unavailable', category: 'TRANSIENT', retryable: true, evidence: 'HTTP 503', helper: false },
  { text: 'Daily quota exceeded for this account', category: 'BUSINESS', retryable: false },
  { text: 'Order 12 was already refunded', category: 'BUSINESS', retryable: false },
  { text: 'Parent directory does not exist: /home/ada/project/out', category: 'NOT_FOUND', retryable: false },
  { text: "Tool 'deploy_site' could not be found.", category: 'NOT_FOUND', retryable: false },
  { text: "The invoice can't be found in this workspace", category: 'NOT_FOUND', retryable: false },
  { text: 'The shelf could not be loaded', category: 'UNKNOWN', retryable: false },
  {
    text: 'Invalid API key provided: sk-proj-abcdefghijklmnop1234567890',
    category: 'PERMISSION',
    retryable: false,
    hides: ['sk-proj'],
  },
  { text: 'db down at /srv/app/db.js:12', category: 'UNKNOWN', retryable: false, hides: ['/srv/app', 'db.js'] },
  { text: 'Order database unreachable', category: 'TRANSIENT', retryable: true },
  { text: 'MCP error -32603: Internal error', category: 'UNKNOWN', retryable: false },
  { text: 'MCP error -32001: Request timed out', category: 'TRANSIENT', retryable: true },
  { text: 'Output validation error: Invalid structured content for tool x', category: 'UNKNOWN', retryable: false },
  { text: '', category: 'UNKNOWN', retryable: false },
  // A missing tool argument is the agent's mistake; credentials or settings the server lacks are not.
  { text: 'query is required', category: 'VALIDATION', retryable: false },
  { text: 'Either name or email are required', category: 'VALIDATION', retryable: false },
  { text: 'author is required', category: 'VALIDATION', retryable: false },
  { text: 'page token is required for the next page', category: 'VALIDATION', retryable: false },
  { text: 'nextPageToken is required', category: 'VALIDATION', retryable: false },
  { text: 'Authenticated request props are required', category: 'PERMISSION', retryable: false },
  { text: 'API key is required. Set BRAVE_API_KEY.', category: 'PERMISSION', retryable: false },
  { text: 'GITHUB_TOKEN environment variable is not set', category: 'PERMISSION', retryable: false },
  { text: 'Missing credentials for the storage account', category: 'PERMISSION', retryable: false },
  { text: 'Access token is missing', category: 'PERMISSION', retryable: false },
  { text: 'SEARCH_ENDPOINT is required', category: 'UNKNOWN', retryable: false },
  { text: 'Environment variable is missing: BASE_URL', category: 'UNKNOWN', retryable: false },
  { text: 'Webhook URL not configured', category: 'UNKNOWN', retryable: false },
  { text: 'PAGE_SIZE must be a number', category: 'VALIDATION', retryable: false },
  { text: 'Error: Unknown tool: get_ordr', category: 'NOT_FOUND', retryable: false },
];
