/** Cases: Octokit and the AWS SDK (v3, and v2's `code`). */
import { awsError, named, NOW, octokitError, type FailureCase } from './shapes';

const DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';
const RESET = String(Math.floor(NOW / 1000) + 900);

export const SERVICE_CASES: FailureCase[] = [
  {
    name: 'Octokit 404',
    error: octokitError(404, { message: 'Not Found', documentation_url: DOCS }),
    context: { operation: 'get_repo' },
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'HTTP 404',
    says: ['get_repo failed: the resource was not found (HTTP 404)'],
    hides: ['docs.github.com', 'token'],
  },
  {
    name: 'Octokit 403 primary rate limit (x-ratelimit-remaining: 0)',
    error: octokitError(
      403,
      { message: 'API rate limit exceeded for installation ID 1234.', documentation_url: DOCS },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': RESET },
    ),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 900_000,
    evidence: 'x-ratelimit-remaining: 0',
  },
  {
    name: 'Octokit 403 secondary rate limit with retry-after',
    error: octokitError(
      403,
      { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      { 'retry-after': '60' },
    ),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 60_000,
  },
  {
    name: 'Octokit 429 with retry-after',
    error: octokitError(429, { message: 'Too Many Requests' }, { 'retry-after': '5' }),
    category: 'TRANSIENT',
    retryable: true,
    retryAfterMs: 5000,
  },
  {
    name: 'Octokit 403 without rate-limit headers',
    error: octokitError(403, { message: 'Resource not accessible by integration', documentation_url: DOCS }),
    category: 'PERMISSION',
    retryable: false,
    says: ['Resource not accessible by integration'],
  },
  {
    name: 'Octokit 401 bad credentials',
    error: octokitError(401, { message: 'Bad credentials', documentation_url: DOCS }),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'Octokit 422 validation failed',
    error: octokitError(422, { message: 'Validation Failed', documentation_url: DOCS }),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'Octokit 409 empty repository',
    error: octokitError(409, { message: 'Git Repository is empty.', documentation_url: DOCS }),
    category: 'BUSINESS',
    retryable: false,
  },
  {
    name: 'Octokit 502',
    error: octokitError(502, { message: 'Server Error' }),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'AWS ThrottlingException ($retryable throttling, HTTP 400)',
    error: awsError('ThrottlingException', 'Rate exceeded', 400, 'client', { throttling: true }),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'ThrottlingException',
  },
  {
    name: 'AWS DynamoDB ProvisionedThroughputExceededException',
    error: awsError(
      'ProvisionedThroughputExceededException',
      'The level of configured provisioned throughput for the table was exceeded.',
      400,
      'client',
      { throttling: true },
    ),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'AWS S3 SlowDown',
    error: awsError('SlowDown', 'Please reduce your request rate.', 503, 'server'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'AWS AccessDeniedException',
    error: awsError(
      'AccessDeniedException',
      'User: arn:aws:iam::123456789012:user/dev is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/Orders',
      400,
      'client',
    ),
    category: 'PERMISSION',
    retryable: false,
    evidence: 'AccessDeniedException',
  },
  {
    name: 'AWS ExpiredTokenException',
    error: awsError('ExpiredTokenException', 'The security token included in the request is expired', 400, 'client'),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'AWS DynamoDB ResourceNotFoundException (HTTP 400)',
    error: awsError('ResourceNotFoundException', 'Requested resource not found', 400, 'client'),
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'ResourceNotFoundException',
  },
  {
    name: 'AWS S3 NoSuchKey',
    error: awsError('NoSuchKey', 'The specified key does not exist.', 404, 'client'),
    category: 'NOT_FOUND',
    retryable: false,
  },
  {
    name: 'AWS S3 HeadObject NotFound',
    error: awsError('NotFound', 'UnknownError', 404, 'client'),
    category: 'NOT_FOUND',
    retryable: false,
  },
  {
    name: 'AWS ValidationException',
    error: awsError('ValidationException', '1 validation error detected: Value null at "tableName"', 400, 'client'),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'AWS ConditionalCheckFailedException',
    error: awsError('ConditionalCheckFailedException', 'The conditional request failed', 400, 'client'),
    category: 'BUSINESS',
    retryable: false,
  },
  {
    name: 'AWS ServiceUnavailableException',
    error: awsError('ServiceUnavailableException', 'Service is unavailable', 503, 'server'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'AWS InternalServerError: $fault server is retryable',
    error: awsError('InternalServerError', 'Internal server error', 500, 'server'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: '$fault: server',
  },
  {
    name: 'AWS unknown client exception with HTTP 400',
    error: awsError('InvalidGizmoStateFault', 'The gizmo is in the wrong state', 400, 'client'),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'AWS SDK v2: code, retryable, statusCode',
    error: named('ThrottlingException', 'Rate exceeded', {
      code: 'ThrottlingException',
      retryable: true,
      statusCode: 400,
    }),
    category: 'TRANSIENT',
    retryable: true,
  },
];
