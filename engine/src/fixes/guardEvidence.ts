/**
 * What the guard that answers at once with a failure says about it when the message's words do not: a caller refused
 * for lack of a role (PERMISSION), or a record not in the workflow state the action needs (BUSINESS).
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import type { Inference } from './inference';

/** A flag or check that says the caller may act: `isAdmin`, `user.isOwner`, `hasPermission(…)`, `hasScope(…)`. */
const AUTHORIZATION_NAME =
  /^(?:is|has)?(?:org|organization|team|workspace|project|super)?(?:admin|owner|authori[sz]ed|permitted|privileged|permissions?|privileges?|roles?|scopes?)$/i;

/** The last name of an identifier, a property read or a called function (`user.isAdmin`, `hasPermission(…)`). */
function lastName(node: ts.Expression): string | undefined {
  const inner = unwrapExpression(node);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  if (ts.isCallExpression(inner)) return lastName(inner.expression);
  return undefined;
}

/** `a !== 'x'` (or `!=`) with a string literal on one side: the other side and the literal. */
function notEqualToLiteral(node: ts.Expression): { subject: ts.Expression; literal: string } | undefined {
  const inner = unwrapExpression(node);
  if (
    !ts.isBinaryExpression(inner) ||
    ![ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(
      inner.operatorToken.kind,
    )
  ) {
    return undefined;
  }
  if (ts.isStringLiteralLike(inner.right)) return { subject: inner.left, literal: inner.right.text };
  if (ts.isStringLiteralLike(inner.left)) return { subject: inner.right, literal: inner.left.text };
  return undefined;
}

/** The terms of an `||` chain (`!isAdmin || !isOwner`): each alone refuses the call. */
function alternatives(condition: ts.Expression): ts.Expression[] {
  const inner = unwrapExpression(condition);
  return ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.BarBarToken
    ? [...alternatives(inner.left), ...alternatives(inner.right)]
    : [inner];
}

/**
 * The guard answering at once with the failure refuses a caller who lacks a role: `if (!isAdmin)`, `if
 * (!user.isOwner)`, `if (!hasPermission(user, 'write'))`, `if (member.role !== 'admin')`. PERMISSION.
 */
function authorizationEvidence(guard: ts.Expression): Inference | undefined {
  for (const term of alternatives(guard)) {
    const negated =
      ts.isPrefixUnaryExpression(term) && term.operator === ts.SyntaxKind.ExclamationToken ? term.operand : undefined;
    const compared = notEqualToLiteral(term)?.subject;
    const name = lastName(negated ?? compared ?? term);
    if ((negated || compared) && name && AUTHORIZATION_NAME.test(name)) {
      return { category: 'PERMISSION', retryable: false, evidence: `authorization check: ${term.getText()}` };
    }
  }
  return undefined;
}

/** States a record's workflow requires before an action (`draft`, `pending`, `open`), not an outcome (`ok`, `success`). */
const WORKFLOW_STATE =
  /^(?:pending|draft|open|active|inactive|approved|denied|rejected|closed|cancell?ed|archived|published|unpublished|locked|unlocked|paid|unpaid|shipped|submitted|suspended|enabled|disabled|authori[sz]ed|awaiting[_ -]?\w+)$/i;

/**
 * The guard answering at once with the failure says a record is not in the state the action needs: `if
 * (request.status !== 'pending')`, `if (invoice.status !== 'DRAFT')`. BUSINESS: the call was well formed, the
 * record's state refuses it. An outcome compared (`json.status !== 'OK'`) is not a state.
 */
function stateEvidence(guard: ts.Expression): Inference | undefined {
  for (const term of alternatives(guard)) {
    const compared = notEqualToLiteral(term);
    const name = compared && lastName(compared.subject);
    if (compared && name && /^(?:status|state)$/i.test(name) && WORKFLOW_STATE.test(compared.literal)) {
      return { category: 'BUSINESS', retryable: false, evidence: `state check: ${term.getText()}` };
    }
  }
  return undefined;
}

/** The evidence a guard (the condition of the `if` answering at once) gives, if any. */
export function guardEvidence(guard: ts.Expression): Inference | undefined {
  return authorizationEvidence(guard) ?? stateEvidence(guard);
}
