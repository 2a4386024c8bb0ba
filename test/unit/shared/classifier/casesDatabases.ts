/** Cases: Prisma and pg (node-postgres). */
import { named, pgError, prismaKnown, type FailureCase } from './shapes';

export const DATABASE_CASES: FailureCase[] = [
  {
    name: 'Prisma P2025 record not found; the code frame and source path stay hidden',
    error: prismaKnown(
      'P2025',
      'An operation failed because it depends on one or more records that were required but not found. Record to update not found.',
      { modelName: 'Order', cause: 'Record to update not found.' },
    ),
    context: { operation: 'cancel_order' },
    category: 'NOT_FOUND',
    retryable: false,
    evidence: 'Prisma P2025',
    says: ['Record to update not found'],
    hides: ['/app/src', 'service.ts', '→', 'prisma.order.update'],
  },
  {
    name: 'Prisma P2002 unique constraint',
    error: prismaKnown('P2002', 'Unique constraint failed on the fields: (`email`)', { target: ['email'] }),
    category: 'BUSINESS',
    retryable: false,
    says: ['Unique constraint failed'],
  },
  {
    name: 'Prisma P2003 foreign key',
    error: prismaKnown('P2003', 'Foreign key constraint violated on the foreign key', { field_name: 'customerId' }),
    category: 'BUSINESS',
    retryable: false,
  },
  {
    name: 'Prisma P2011 null constraint',
    error: prismaKnown('P2011', 'Null constraint violation on the fields: (`name`)', { constraint: ['name'] }),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'Prisma P2024 connection pool timeout',
    error: prismaKnown(
      'P2024',
      'Timed out fetching a new connection from the connection pool. (Current connection pool timeout: 10, connection limit: 5)',
    ),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'Prisma P2034 write conflict',
    error: prismaKnown(
      'P2034',
      'Transaction failed due to a write conflict or a deadlock. Please retry your transaction',
    ),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: "Prisma P1001 can't reach the database (PrismaClientInitializationError.errorCode)",
    error: named(
      'PrismaClientInitializationError',
      "Can't reach database server at `db.internal:5432`\n\nPlease make sure your database server is running at `db.internal:5432`.",
      { errorCode: 'P1001', clientVersion: '5.22.0' },
    ),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'Prisma P1001',
  },
  {
    name: 'Prisma P1000 authentication failed',
    error: named(
      'PrismaClientInitializationError',
      'Authentication failed against database server, the provided database credentials for `app` are not valid.',
      { errorCode: 'P1000', clientVersion: '5.22.0' },
    ),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'PrismaClientValidationError',
    error: named(
      'PrismaClientValidationError',
      'Argument `where` of type OrderWhereUniqueInput needs at least one of `id`',
      {
        clientVersion: '5.22.0',
      },
    ),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'pg 23505 unique violation',
    error: pgError('23505', 'duplicate key value violates unique constraint "users_email_key"', {
      detail: 'Key (email)=(ada@example.com) already exists.',
      table: 'users',
      constraint: 'users_email_key',
    }),
    category: 'BUSINESS',
    retryable: false,
    evidence: 'SQLSTATE 23505',
  },
  {
    name: 'pg 23503 foreign key violation',
    error: pgError(
      '23503',
      'insert or update on table "orders" violates foreign key constraint "orders_customer_id_fkey"',
      { table: 'orders' },
    ),
    category: 'BUSINESS',
    retryable: false,
  },
  {
    name: 'pg 23502 not-null violation',
    error: pgError('23502', 'null value in column "name" of relation "users" violates not-null constraint'),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'pg 22P02 invalid text representation',
    error: pgError('22P02', 'invalid input syntax for type uuid: "12"'),
    category: 'VALIDATION',
    retryable: false,
  },
  {
    name: 'pg 40001 serialization failure',
    error: pgError('40001', 'could not serialize access due to concurrent update'),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'SQLSTATE 40001',
  },
  {
    name: 'pg 40P01 deadlock',
    error: pgError('40P01', 'deadlock detected', { detail: 'Process 42 waits for ShareLock on transaction 7.' }),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'pg 57014 statement timeout',
    error: pgError('57014', 'canceling statement due to statement timeout'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'pg 53300 too many connections',
    error: pgError('53300', 'sorry, too many clients already'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'pg 08006 connection failure',
    error: pgError('08006', 'connection failure'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'pg 42P01 undefined table: UNKNOWN (an operator must fix the schema)',
    error: pgError('42P01', 'relation "orders" does not exist'),
    category: 'UNKNOWN',
    retryable: false,
    evidence: 'SQLSTATE 42P01',
  },
  {
    name: 'pg 28P01 password authentication failed',
    error: pgError('28P01', 'password authentication failed for user "app"'),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'pg 42501 insufficient privilege',
    error: pgError('42501', 'permission denied for table orders'),
    category: 'PERMISSION',
    retryable: false,
  },
  {
    name: 'pg-pool connect timeout',
    error: new Error('timeout exceeded when trying to connect'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'pg connection terminated',
    error: new Error('Connection terminated unexpectedly'),
    category: 'TRANSIENT',
    retryable: true,
  },
  {
    name: 'a wrapper error whose cause is a pg serialization failure',
    error: new Error('Could not load order 12', { cause: pgError('40001', 'could not serialize access') }),
    category: 'TRANSIENT',
    retryable: true,
    evidence: 'SQLSTATE 40001',
  },
];
