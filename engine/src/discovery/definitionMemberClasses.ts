/**
 * Tool classes that keep their listed definition and their handler in fields rather than methods:
 * `class SpotPrice extends BaseToolImplementation { name = 'spot_price'; toolDefinition: Tool = { name: this.name,
 * description, inputSchema: {…} }; toolCall = async (request) => { … } }`, loaded from a folder at run time and
 * dispatched by a map of instances keyed by `name`.
 *
 * The named-tool-class rule (namedToolClasses.ts) wants an input schema member and an execution method; here the
 * schema sits inside a definition field (an object literal with an `inputSchema`, or a field typed as the SDK's
 * `Tool`) and the execution is an arrow-function field or a method the base class names (`toolCall`). This module
 * finds those two, for that rule to use.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { isInlineFunction } from './scanContext';

/** Field names under which such classes keep the function that runs the tool. */
const EXECUTION_FIELDS = ['toolCall', 'callTool', 'execute', 'run', 'handle', 'handler', 'invoke', 'call'];

function isStatic(member: ts.ClassElement): boolean {
  return ts.canHaveModifiers(member)
    ? (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
    : false;
}

/** `toolDefinition: Tool = { name, description, inputSchema }`: a field holding the tool's listed definition. */
export function hasDefinitionField(node: ts.ClassDeclaration): boolean {
  return node.members.some((member) => {
    if (!ts.isPropertyDeclaration(member) || isStatic(member) || !member.initializer) return false;
    const value = unwrapExpression(member.initializer);
    if (!ts.isObjectLiteralExpression(value)) return false;
    return value.properties.some((p) => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'inputSchema');
  });
}

/** `toolCall = async (request) => { … }` or `async toolCall(request) { … }`: what runs the tool, and its name. */
export function executionField(node: ts.ClassDeclaration): { fn: FunctionLike; member: string } | undefined {
  for (const field of EXECUTION_FIELDS) {
    for (const member of node.members) {
      if (isStatic(member) || !member.name || propertyNameText(member.name) !== field) continue;
      if (ts.isMethodDeclaration(member) && member.body) return { fn: member, member: field };
      if (!ts.isPropertyDeclaration(member) || !member.initializer) continue;
      const value = unwrapExpression(member.initializer);
      if (isInlineFunction(value)) return { fn: value, member: field };
    }
  }
  return undefined;
}
