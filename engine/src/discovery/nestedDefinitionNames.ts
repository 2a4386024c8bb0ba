/**
 * The name of a definition a factory builds in two parts: `({ definition: { name, description, schema }, handler })`.
 *
 * Some project factories keep the tool's metadata in a nested object beside the handler
 * (`createTool = (name, description, schema, handler) => ({ definition: { name, description, schema }, handler })`),
 * and the registration loop reads `tool.definition.name`. The nested object counts as the definition's metadata only
 * when it holds a description or a schema beside the name, so a built object that merely carries some record with a
 * `name` (a user, a file) does not name a tool.
 */
import ts from 'typescript';
import { unwrapExpression } from '../parse/syntax';
import { SCHEMA_KEYS, memberOf, valueOfMember } from './definitions';

const NAME_KEYS = ['name', 'toolName'];

/** The `name` of the one nested metadata object of a built definition, if it has exactly one. */
export function nestedDefinitionName(object: ts.ObjectLiteralExpression): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const nested = unwrapExpression(property.initializer);
    if (!ts.isObjectLiteralExpression(nested)) continue;
    const name = valueOfMember(memberOf(nested, NAME_KEYS));
    if (!name || !(memberOf(nested, ['description']) || memberOf(nested, SCHEMA_KEYS))) continue;
    if (found) return undefined;
    found = name;
  }
  return found;
}
