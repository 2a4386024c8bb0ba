/**
 * Objects that describe a result rather than build one: a schema whose `isError` key holds a schema
 * builder (`z.object({ isError: z.boolean().optional(), content: … })`, `Type.Boolean()`,
 * `t.literal(true)`). They declare what a result may carry; no tool returns them.
 */
import ts from 'typescript';
import { findProperty, unwrapExpression } from '../parse/syntax';

/** The schema builders an `isError` key of a schema is declared with. */
const SCHEMA_TYPE = /^(boolean|bool|literal|union|enum|any|unknown|optional|nullable)$/i;

/** `z.boolean()`, `z.boolean().optional().describe(…)`, `Type.Boolean()`: a chain of calls on a builder. */
function isSchemaBuilderChain(expression: ts.Expression): boolean {
  let current = unwrapExpression(expression);
  let innermost: ts.CallExpression | undefined;
  while (ts.isCallExpression(current)) {
    innermost = current;
    const callee = unwrapExpression(current.expression);
    if (!ts.isPropertyAccessExpression(callee)) return false;
    current = unwrapExpression(callee.expression);
  }
  if (!innermost || !ts.isIdentifier(current)) return false;
  const callee = unwrapExpression(innermost.expression);
  return ts.isPropertyAccessExpression(callee) && SCHEMA_TYPE.test(callee.name.text);
}

/** Whether the object's `isError` is declared with a schema builder. */
export function declaresResultSchema(object: ts.ObjectLiteralExpression): boolean {
  const property = findProperty(object, ['isError']);
  if (!property || !ts.isPropertyAssignment(property)) return false;
  return isSchemaBuilderChain(property.initializer);
}
