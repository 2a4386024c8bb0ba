/** Every library case, grouped as the tests report them. */
import { DATABASE_CASES } from './casesDatabases';
import { HTTP_CASES } from './casesHttp';
import { NODE_CASES } from './casesNode';
import { OTHER_CASES } from './casesOther';
import { SERVICE_CASES } from './casesServices';
import type { FailureCase } from './shapes';

export const CASE_GROUPS: [string, FailureCase[]][] = [
  ['Node fs, net and dns errors', NODE_CASES],
  ['fetch (undici) and axios', HTTP_CASES],
  ['Octokit and the AWS SDK', SERVICE_CASES],
  ['Prisma and pg', DATABASE_CASES],
  ['zod 3/4, McpError, gRPC, custom classes, declared fields', OTHER_CASES],
];

export const ALL_CASES: FailureCase[] = CASE_GROUPS.flatMap(([, cases]) => cases);
