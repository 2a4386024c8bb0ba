/**
 * Tool classes recognised by what they hold rather than by a base class that registers `this.name`:
 * `class GetThingTool extends BaseThingTool { name = 'get_thing'; getInputSchema() { … } protected async
 * executeInternal(input) { … } }` or `readonly name = 'get_thing'; readonly schema = …; execute(input)`.
 * Their instances are registered elsewhere (`registerTool(tool.name, …, (a) => tool.execute(a))` over an
 * array of instances or constructors), so the class is the tool. The trio — a tool-shaped name field,
 * an input schema member and an execution method of its own — is what tells it from other classes with a
 * `name` field (API clients such as `name = 'Desk'`). A class with no base class that implements the
 * project's own tool interface, or the SDK's `Tool` type, is read the same way (implementedToolInterfaces.ts,
 * sdkToolTypeClasses.ts).
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText } from '../parse/syntax';
import { executionField, hasDefinitionField } from './definitionMemberClasses';
import { baseGuardOf, markGuardedBy } from './crossFileGuards';
import { implementedProjectInterface } from './implementedToolInterfaces';
import { implementedSdkToolType } from './sdkToolTypeClasses';
import { inheritedTemplateHooks } from './templateHooks';
import { NON_MCP_MODULES } from './definitions';
import { type ScanState, lineOf, nameOf, where, shownNameExpression } from './scanContext';

const NAME_FIELDS = new Set(['name', 'toolName']);
const SCHEMA_MEMBERS = new Set([
  'inputSchema',
  'schema',
  'parameters',
  'argsSchema',
  'paramsSchema',
  'inputShape',
  'getInputSchema',
  'getSchema',
  'getParameters',
]);
const EXECUTION_METHODS = ['executeInternal', 'execute', 'invoke', 'run', 'handle', 'call', 'handler', 'callback'];
/**
 * The template-method hook a base class's `execute` calls after validating (`executeValidated`,
 * `executeImpl`…): the tool's own logic when the class does not override `execute` itself.
 */
const EXECUTION_HOOK = /^(?:execute|run|invoke|handle)(?:Validated|Impl|Tool|Core)$/;
/** What a tool's wire name looks like (a title such as `Desk` or `Get Thing` is not one). */
const TOOL_NAME = /^[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+$|^[a-z][a-z0-9]*$/;

function baseExpression(node: ts.ClassDeclaration): ts.Expression | undefined {
  const clause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  return clause?.types[0]?.expression;
}

function memberName(member: ts.ClassElement): string | undefined {
  return member.name ? propertyNameText(member.name) : undefined;
}

function isStatic(member: ts.ClassElement): boolean {
  return ts.canHaveModifiers(member)
    ? (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
    : false;
}

/** Subclasses of a project base that carry a tool name, an input schema and an execution method. */
export function scanNamedToolClasses(state: ScanState): void {
  for (const node of state.sourceFile.statements) {
    if (!ts.isClassDeclaration(node) || !node.name) continue;
    if ((ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) continue;
    const extended = baseExpression(node);
    const sdkTool = extended ? undefined : implementedSdkToolType(state, node);
    const base = extended ?? implementedProjectInterface(state, node) ?? sdkTool;
    if (!base) continue;
    const baseRoot = ts.isPropertyAccessExpression(base) ? base.expression : base;
    const baseModule = ts.isIdentifier(baseRoot) ? state.imports.get(baseRoot.text)?.specifier : undefined;
    if (!sdkTool && baseModule && (NON_MCP_MODULES.test(baseModule) || !baseModule.startsWith('.'))) continue;
    if (state.registrations.some((r) => r.node === node)) continue;
    const nameField = node.members.find(
      (m): m is ts.PropertyDeclaration =>
        ts.isPropertyDeclaration(m) && !isStatic(m) && !!m.initializer && NAME_FIELDS.has(memberName(m) ?? ''),
    );
    if (!nameField?.initializer) continue;
    const resolved = nameOf(state, nameField.initializer);
    if (resolved.name === null || !TOOL_NAME.test(resolved.name)) continue;
    const schemaMember = node.members.some((m) => !isStatic(m) && SCHEMA_MEMBERS.has(memberName(m) ?? ''));
    // `toolDefinition: Tool = { …, inputSchema }` with `toolCall = async (r) => …` (definitionMemberClasses.ts).
    const field = schemaMember ? undefined : hasDefinitionField(node) ? executionField(node) : undefined;
    if (!schemaMember && !field) continue;
    const method = EXECUTION_METHODS.map((method) =>
      node.members.find(
        (m): m is ts.MethodDeclaration =>
          ts.isMethodDeclaration(m) && !isStatic(m) && !!m.body && memberName(m) === method,
      ),
    )
      .concat(
        node.members.find(
          (m): m is ts.MethodDeclaration =>
            ts.isMethodDeclaration(m) && !isStatic(m) && !!m.body && EXECUTION_HOOK.test(memberName(m) ?? ''),
        ),
      )
      .find((m) => m !== undefined);
    const hook = field || method ? undefined : templateHookMethod(state, node, base);
    const handler: FunctionLike | undefined = field ? field.fn : (method ?? hook);
    if (!handler) continue;
    const own = method ?? hook;
    const handlerName = field ? field.member : own ? memberName(own) : undefined;
    const evidence = [
      `class ${node.name.text} (${where(state, node)}) ${extended ? 'extends' : 'implements'} ${base.getText(state.sourceFile)}: a tool name, an input schema and an execution method`,
      `handler: its ${handlerName ?? 'execute'} ${field ? 'field' : 'method'} (line ${lineOf(state, handler)})${hook ? `, the hook its base class declares abstract and calls` : ''}`,
    ];
    if (!state.seen.has(handler)) {
      state.seen.add(handler);
      state.handlers.push({ fn: handler, kind: 'class', lowLevel: false, toolName: resolved.name, evidence });
      const guardedBy = ts.isIdentifier(base) ? baseGuardOf(state, base.text, handlerName) : undefined;
      if (guardedBy) markGuardedBy(state, handler, guardedBy);
    }
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(nameField.initializer, resolved),
      kind: 'class',
      node,
      nameNode: nameField.initializer,
      handler,
      evidence,
      listed: true,
    });
  }
}

/** The class's own method for a template hook its project base declares and calls (`executeTyped`, templateHooks.ts). */
function templateHookMethod(
  state: ScanState,
  node: ts.ClassDeclaration,
  base: ts.Expression,
): ts.MethodDeclaration | undefined {
  const baseName = ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : undefined;
  if (!baseName) return undefined;
  for (const hook of inheritedTemplateHooks(state, baseName)) {
    const own = node.members.find(
      (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && !isStatic(m) && !!m.body && memberName(m) === hook,
    );
    if (own) return own;
  }
  return undefined;
}
