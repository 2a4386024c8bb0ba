/** Rules for database and cloud libraries: pg SQLSTATE codes, Prisma error codes, AWS SDK exception names. */
import type { ErrorCategory } from '../taxonomy';
import { rows, type ClassifierRule } from './rules';

/** PostgreSQL SQLSTATE (`error.code` of pg's DatabaseError): exact codes first, then the two-character class. */
export const SQLSTATE_RULES = rows('sqlstate', [
  ['23505', 'BUSINESS', false, 'a record with the same unique value already exists'],
  ['23503', 'BUSINESS', false, 'a referenced record is missing or the record is still referenced'],
  ['23502', 'VALIDATION', false, 'a required value is missing'],
  ['23514', 'VALIDATION', false, 'a value breaks a check constraint'],
  ['23P01', 'BUSINESS', false, 'the record conflicts with an existing one'],
  ['40001', 'TRANSIENT', true, 'the transaction conflicted with a concurrent one'],
  ['40P01', 'TRANSIENT', true, 'the transaction was chosen as a deadlock victim'],
  ['55P03', 'TRANSIENT', true, 'a lock could not be obtained'],
  ['57014', 'TRANSIENT', true, 'the query was cancelled (statement timeout)'],
  ['57P01', 'TRANSIENT', true, 'the database server is shutting down'],
  ['57P03', 'TRANSIENT', true, 'the database server is not accepting connections yet'],
  ['53300', 'TRANSIENT', true, 'the database has too many connections'],
  ['53100', 'TRANSIENT', false, 'the database server is out of disk space'],
  ['42501', 'PERMISSION', false, 'the database role lacks the privilege'],
  ['3D000', 'UNKNOWN', false, 'the database does not exist (server configuration)'],
  ['class 08', 'TRANSIENT', true, 'the connection to the database failed'],
  ['class 22', 'VALIDATION', false, 'a value has the wrong format or is out of range'],
  ['class 23', 'BUSINESS', false, 'a data integrity rule refused the change'],
  ['class 28', 'PERMISSION', false, 'the database refused the credentials'],
  ['class 40', 'TRANSIENT', true, 'the transaction was rolled back'],
  ['class 53', 'TRANSIENT', true, 'the database is out of resources'],
  ['class 57', 'TRANSIENT', true, 'the database interrupted the operation'],
  ['class 42', 'UNKNOWN', false, 'the query is invalid (server bug or schema mismatch)'],
  ['class XX', 'UNKNOWN', false, 'the database failed with an internal error'],
]);

/** Prisma error codes (`code` of PrismaClientKnownRequestError, `errorCode` of PrismaClientInitializationError). */
export const PRISMA_RULES = rows('prisma', [
  ['P2025', 'NOT_FOUND', false, 'the record was not found'],
  ['P2001', 'NOT_FOUND', false, 'the record was not found'],
  ['P2015', 'NOT_FOUND', false, 'a related record was not found'],
  ['P2018', 'NOT_FOUND', false, 'a required connected record was not found'],
  ['P2002', 'BUSINESS', false, 'a record with the same unique value already exists'],
  ['P2003', 'BUSINESS', false, 'a foreign key constraint refused the change'],
  ['P2014', 'BUSINESS', false, 'the change would break a required relation'],
  ['P2000', 'VALIDATION', false, 'a value is too long for its column'],
  ['P2005', 'VALIDATION', false, 'a value has the wrong type'],
  ['P2006', 'VALIDATION', false, 'a value is not valid'],
  ['P2007', 'VALIDATION', false, 'a value is not valid'],
  ['P2011', 'VALIDATION', false, 'a required value is missing'],
  ['P2012', 'VALIDATION', false, 'a required value is missing'],
  ['P2019', 'VALIDATION', false, 'the input is invalid'],
  ['P2020', 'VALIDATION', false, 'a value is out of range'],
  ['P2024', 'TRANSIENT', true, 'no database connection was free in time'],
  ['P2034', 'TRANSIENT', true, 'the transaction hit a write conflict or deadlock'],
  ['P1000', 'PERMISSION', false, 'the database refused the credentials'],
  ['P1001', 'TRANSIENT', true, 'the database server cannot be reached'],
  ['P1002', 'TRANSIENT', true, 'the database server timed out'],
  ['P1008', 'TRANSIENT', true, 'the database operation timed out'],
  ['P1017', 'TRANSIENT', true, 'the database server closed the connection'],
  ['P1003', 'UNKNOWN', false, 'the database does not exist (server configuration)'],
]);

const THROTTLED = 'the request was throttled';

/** AWS SDK v3 exception names (`error.name`; `error.code` in SDK v2), with Prisma's error classes. */
export const SERVICE_NAME_RULES = rows('name', [
  ['ThrottlingException', 'TRANSIENT', true, THROTTLED],
  ['Throttling', 'TRANSIENT', true, THROTTLED],
  ['TooManyRequestsException', 'TRANSIENT', true, THROTTLED],
  ['ProvisionedThroughputExceededException', 'TRANSIENT', true, THROTTLED],
  ['RequestLimitExceeded', 'TRANSIENT', true, THROTTLED],
  ['SlowDown', 'TRANSIENT', true, THROTTLED],
  ['TransactionConflictException', 'TRANSIENT', true, 'the transaction conflicted with a concurrent one'],
  ['ServiceUnavailable', 'TRANSIENT', true, 'the AWS service is temporarily unavailable'],
  ['ServiceUnavailableException', 'TRANSIENT', true, 'the AWS service is temporarily unavailable'],
  ['RequestTimeout', 'TRANSIENT', true, 'the request timed out'],
  ['RequestTimeoutException', 'TRANSIENT', true, 'the request timed out'],
  ['AccessDeniedException', 'PERMISSION', false, 'access denied'],
  ['AccessDenied', 'PERMISSION', false, 'access denied'],
  ['UnauthorizedOperation', 'PERMISSION', false, 'the operation is not authorised'],
  ['UnrecognizedClientException', 'PERMISSION', false, 'the credentials are not recognised'],
  ['InvalidSignatureException', 'PERMISSION', false, 'the request signature is invalid'],
  ['SignatureDoesNotMatch', 'PERMISSION', false, 'the request signature is invalid'],
  ['ExpiredTokenException', 'PERMISSION', false, 'the credentials have expired'],
  ['ExpiredToken', 'PERMISSION', false, 'the credentials have expired'],
  ['InvalidClientTokenId', 'PERMISSION', false, 'the credentials are not recognised'],
  ['InvalidAccessKeyId', 'PERMISSION', false, 'the credentials are not recognised'],
  ['ResourceNotFoundException', 'NOT_FOUND', false, 'the resource was not found'],
  ['NoSuchKey', 'NOT_FOUND', false, 'the object key does not exist'],
  ['NoSuchBucket', 'NOT_FOUND', false, 'the bucket does not exist'],
  ['NoSuchEntity', 'NOT_FOUND', false, 'the entity does not exist'],
  ['NotFound', 'NOT_FOUND', false, 'the resource was not found'],
  ['ValidationException', 'VALIDATION', false, 'the request was rejected as invalid'],
  ['ValidationError', 'VALIDATION', false, 'the request was rejected as invalid'],
  ['SerializationException', 'VALIDATION', false, 'the request could not be read'],
  ['InvalidParameterException', 'VALIDATION', false, 'a parameter is invalid'],
  ['InvalidParameterValueException', 'VALIDATION', false, 'a parameter value is invalid'],
  ['InvalidRequestException', 'VALIDATION', false, 'the request is invalid'],
  ['MissingParameter', 'VALIDATION', false, 'a required parameter is missing'],
  ['ConditionalCheckFailedException', 'BUSINESS', false, 'a condition on the current item failed'],
  ['TransactionCanceledException', 'BUSINESS', false, 'the transaction was cancelled by a failed condition'],
  ['ConflictException', 'BUSINESS', false, 'the request conflicts with the current state'],
  ['ResourceInUseException', 'BUSINESS', false, 'the resource is in use'],
  ['ResourceAlreadyExistsException', 'BUSINESS', false, 'the resource already exists'],
  ['BucketAlreadyExists', 'BUSINESS', false, 'the bucket name is taken'],
  ['BucketAlreadyOwnedByYou', 'BUSINESS', false, 'the bucket already exists'],
  ['EntityAlreadyExists', 'BUSINESS', false, 'the entity already exists'],
  ['ServiceQuotaExceededException', 'BUSINESS', false, 'a service quota is exhausted'],
  ['LimitExceededException', 'BUSINESS', false, 'a service limit was reached'],
  ['PreconditionFailed', 'BUSINESS', false, 'a precondition failed (the resource changed)'],
  ['PrismaClientValidationError', 'VALIDATION', false, 'the query arguments are invalid'],
  ['PrismaClientRustPanicError', 'UNKNOWN', false, 'the database client crashed'],
  ['PrismaClientUnknownRequestError', 'UNKNOWN', false, 'the database failed', true],
]);

/** A rule for custom error class names (`class OrderNotFoundError extends Error`). */
function namePattern(match: RegExp, category: ErrorCategory, retryable: boolean, reason: string): ClassifierRule {
  return { source: 'name-pattern', match, category, retryable, reason };
}

/** Patterns for custom error class names, tried in this order. */
export const NAME_PATTERN_RULES: readonly ClassifierRule[] = [
  namePattern(
    /Throttl|TooManyRequests|RateLimit|Timeout|TimedOut|Unavailable|Transient|Network|Connection/,
    'TRANSIENT',
    true,
    'a temporary failure occurred',
  ),
  namePattern(
    /AccessDenied|Unauthori[sz]ed|Unauthenticated|Forbidden|Permission|NotAuthori[sz]ed|^Auth(?:entication)?Error$/,
    'PERMISSION',
    false,
    'access was denied',
  ),
  namePattern(/NotFound|NoSuch/, 'NOT_FOUND', false, 'the resource was not found'),
  namePattern(
    /Conflict|AlreadyExists|Duplicate|Precondition|Policy|Business|Quota|Limit|Insufficient/,
    'BUSINESS',
    false,
    'a rule refused the request',
  ),
  namePattern(/Validation|Invalid|BadRequest|Schema|Malformed/, 'VALIDATION', false, 'the input is invalid'),
];

/** AWS SDK v3 `$fault: 'server'` (documented as retryable), and `$retryable` (throttling or transient). */
export const AWS_FAULT_RULES = rows('name', [
  ['$fault: server', 'TRANSIENT', true, 'the AWS service failed temporarily'],
  ['$retryable', 'TRANSIENT', true, 'the AWS SDK marks this failure retryable'],
]);

/** Rate-limit headers: Retry-After or `x-ratelimit-remaining: 0` on a 403/429/5xx (GitHub answers 403). */
export const RATE_LIMIT_RULES = rows('rate-limit', [
  ['x-ratelimit-remaining: 0', 'TRANSIENT', true, 'the rate limit was exceeded'],
  ['Retry-After', 'TRANSIENT', true, 'the upstream service asked to retry later'],
]);
