/**
 * Tool classes that give their name through a method rather than a field: `getName(): string { return
 * 'delete_thing'; }` (or `return DeleteThingTool.NAME` over a `static readonly NAME = 'delete_thing'`, or a
 * `get name()` accessor), or a config method whose returned object names the tool (`getToolConfig() { return
 * { name: ToolName.DELETE_THING, description, inputSchema }; }`). They extend a base class of the project (an
 * abstract `McpTool` of a workspace package, a handler base behind a path alias), and a registry elsewhere
 * calls `server.registerTool(tool.getName(), tool.getConfig(), (a) => tool.exec(a))` over their instances,
 * so the class is the tool. A tool-shaped name, an input schema (a member, or a key of the config method's
 * object) and an execution method of the class's own are all required: provider classes (`getName()` returning
 * `ThingProvider`), prompt classes (`argsSchema`, no execution method) and command classes (no schema) stay out.
 */
import ts from 'typescript';
import { propertyNameText, returnedExpressions, unwrapExpression } from '../parse/syntax';
import { NON_MCP_MODULES } from './definitions';
import { type ScanState, lineOf, nameOf, where, shownNameExpression } from './scanContext';

/** Methods and accessors that answer the tool's name. */
const NAME_METHODS = new Set(['getName', 'getToolName', 'name', 'toolName']);
/** Methods that answer the tool's registration config (name, description, input schema). */
const CONFIG_METHOD =
  /^(?:get)?(?:Tool)?(?:Config|Configuration|Definition|Metadata|Spec)$|^(?:tool)?(?:config|definition|metadata|spec)$/;
/** Input-schema keys of a config object (a prompt's `argsSchema` is not one, nor a route's request `schema`). */
const CONFIG_SCHEMA_KEYS = new Set(['inputSchema', 'input_schema', 'parameters', 'paramsSchema']);
/** Input-schema members of the class itself. */
const SCHEMA_MEMBERS = new Set([
  'inputSchema',
  'schema',
  'parameters',
  'paramsSchema',
  'getInputSchema',
  'getSchema',
  'getParameters',
]);
const EXECUTION_METHODS = ['exec', 'execute', 'executeInternal', 'invoke', 'run', 'handle', 'call', 'handler'];
const EXECUTION_HOOK = /^(?:exec|execute|run|invoke|handle)(?:Validated|Impl|Tool|Core)$/;
/** What a tool's wire name looks like (a class-like `ThingProvider` or a title is not one). */
const TOOL_NAME = /^[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+$|^[a-z][a-z0-9]*$/;

type Method = ts.MethodDeclaration | ts.GetAccessorDeclaration;

function isStatic(member: ts.ClassElement): boolean {
  return ts.canHaveModifiers(member)
    ? (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
    : false;
}

function memberName(member: ts.ClassElement): string | undefined {
  return member.name ? propertyNameText(member.name) : undefined;
}

function ownMethods(node: ts.ClassDeclaration): Method[] {
  return node.members.filter(
    (m): m is Method => (ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m)) && !isStatic(m) && !!m.body,
  );
}

/** The single expression a method returns (a method with several different returns names nothing). */
function singleReturn(method: Method): ts.Expression | undefined {
  const returned = ts.isMethodDeclaration(method)
    ? returnedExpressions(method)
    : (method.body?.statements ?? []).flatMap((s) => (ts.isReturnStatement(s) && s.expression ? [s.expression] : []));
  return returned.length === 1 ? unwrapExpression(returned[0]) : undefined;
}

/** `ThisClass.NAME` read from the class's own `static NAME = 'x'`, else the expression itself. */
function ownStaticInitializer(node: ts.ClassDeclaration, expression: ts.Expression): ts.Expression {
  if (
    !ts.isPropertyAccessExpression(expression) ||
    !ts.isIdentifier(expression.expression) ||
    expression.expression.text !== node.name?.text
  ) {
    return expression;
  }
  const field = node.members.find(
    (m): m is ts.PropertyDeclaration =>
      ts.isPropertyDeclaration(m) && isStatic(m) && memberName(m) === expression.name.text && !!m.initializer,
  );
  return field?.initializer ?? expression;
}

/** The base class is the project's own: declared in this file, imported relatively, or from a workspace source. */
function hasProjectBase(state: ScanState, node: ts.ClassDeclaration): ts.Expression | undefined {
  const clause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  if (!base || !ts.isIdentifier(base)) return undefined;
  const binding = state.imports.get(base.text);
  if (!binding) {
    const local = state.sourceFile.statements.some((s) => ts.isClassDeclaration(s) && s.name?.text === base.text);
    return local ? base : undefined;
  }
  if (NON_MCP_MODULES.test(binding.specifier)) return undefined;
  if (binding.specifier.startsWith('.')) return base;
  return state.resolveImport?.(binding.specifier, state.sourceFile.fileName) ? base : undefined;
}

interface NamedBy {
  written: ts.Expression;
  method: Method;
}

function nameSource(node: ts.ClassDeclaration, methods: readonly Method[]): NamedBy | undefined {
  for (const method of methods) {
    if (!NAME_METHODS.has(memberName(method) ?? '')) continue;
    const returned = singleReturn(method);
    if (returned) return { written: ownStaticInitializer(node, returned), method };
  }
  for (const method of methods) {
    if (!CONFIG_METHOD.test(memberName(method) ?? '')) continue;
    const returned = singleReturn(method);
    if (!returned || !ts.isObjectLiteralExpression(returned)) continue;
    const nameProperty = returned.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'name',
    );
    if (nameProperty)
      return { written: ownStaticInitializer(node, unwrapExpression(nameProperty.initializer)), method };
  }
  return undefined;
}

function hasInputSchema(node: ts.ClassDeclaration, methods: readonly Method[]): boolean {
  if (node.members.some((m) => !isStatic(m) && SCHEMA_MEMBERS.has(memberName(m) ?? ''))) return true;
  return methods.some((method) => {
    if (!CONFIG_METHOD.test(memberName(method) ?? '')) return false;
    const returned = singleReturn(method);
    return (
      !!returned &&
      ts.isObjectLiteralExpression(returned) &&
      returned.properties.some((p) => CONFIG_SCHEMA_KEYS.has(propertyNameText(p.name) ?? ''))
    );
  });
}

function executionMethod(methods: readonly Method[]): ts.MethodDeclaration | undefined {
  const plain = methods.filter((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m));
  for (const name of EXECUTION_METHODS) {
    const found = plain.find((m) => memberName(m) === name);
    if (found) return found;
  }
  return plain.find((m) => EXECUTION_HOOK.test(memberName(m) ?? ''));
}

/** Subclasses of a project base named by a method, with an input schema and an execution method of their own. */
export function scanMethodNamedToolClasses(state: ScanState): void {
  for (const node of state.sourceFile.statements) {
    if (!ts.isClassDeclaration(node) || !node.name) continue;
    if ((ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) continue;
    if (state.registrations.some((r) => r.node === node)) continue;
    const base = hasProjectBase(state, node);
    if (!base) continue;
    const methods = ownMethods(node);
    const source = nameSource(node, methods);
    if (!source) continue;
    const resolved = nameOf(state, source.written);
    if (resolved.name === null || !TOOL_NAME.test(resolved.name)) continue;
    if (!hasInputSchema(node, methods)) continue;
    const handler = executionMethod(methods);
    if (!handler) continue;
    const evidence = [
      `class ${node.name.text} (${where(state, node)}) extends ${base.getText(state.sourceFile)}: named by its ${memberName(source.method) ?? 'name'} method, with an input schema and an execution method`,
      `handler: its ${memberName(handler) ?? 'exec'} method (line ${lineOf(state, handler)})`,
    ];
    if (!state.seen.has(handler)) {
      state.seen.add(handler);
      state.handlers.push({ fn: handler, kind: 'class', lowLevel: false, toolName: resolved.name, evidence });
    }
    state.registrations.push({
      name: resolved.name,
      nameExpression: shownNameExpression(source.written, resolved),
      kind: 'class',
      node,
      nameNode: source.written,
      handler,
      evidence,
      listed: true,
    });
  }
}
