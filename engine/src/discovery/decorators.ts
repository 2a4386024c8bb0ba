/**
 * Method decorators that register the method as a tool (NestJS-style frameworks such as MCP-Nest):
 * `class T { @Tool({ name: 'greet-user', description, parameters }) greet(args) { … } }`.
 * The decorator counts when it is imported from an MCP server package, or when it is named `Tool` /
 * `McpTool` / `MCPTool` and its object gives a name with a description or a schema. A framework's
 * decorator without a name names the tool after the method (easy-mcp). A framework's decorator
 * guards the method: the framework turns a throw into an error result. The framework's decorator applied by
 * hand, `Tool({ name, … })(proto, key, descriptor)`, registers the function stored at `proto[key]`.
 */
import ts from 'typescript';
import { type FunctionLike, propertyNameText, unwrapExpression } from '../parse/syntax';
import { isMcpServerModule } from './relevance';
import { serverSubclassDecoration } from './serverSubclassDecorators';
import { type ScanState, isInlineFunction, nameOf, where, shownNameExpression } from './scanContext';

export const TOOL_DECORATOR_NAMES = /^(?:mcp)?tool$/i;
const DESCRIBING_KEYS = ['description', 'parameters', 'inputSchema', 'schema', 'outputSchema', 'annotations'];

function property(object: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key);
}

/** The name expression of a tool decorator's argument: `{ name: … }` or a string. */
export function decoratorName(argument: ts.Expression | undefined): ts.Expression | undefined {
  if (!argument) return undefined;
  const inner = unwrapExpression(argument);
  if (ts.isStringLiteralLike(inner)) return inner;
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  const name = property(inner, 'name');
  if (name && ts.isPropertyAssignment(name)) return name.initializer;
  if (name && ts.isShorthandPropertyAssignment(name)) return name.name;
  return undefined;
}

export function describesTool(argument: ts.Expression): boolean {
  const inner = unwrapExpression(argument);
  return ts.isObjectLiteralExpression(inner) && DESCRIBING_KEYS.some((key) => property(inner, key) !== undefined);
}

/** Methods decorated as tools. */
export function scanToolDecorators(state: ScanState): void {
  if (!state.sourceFile.text.includes('@')) return;
  for (const method of state.index.of(ts.SyntaxKind.MethodDeclaration, ts.isMethodDeclaration)) {
    if (!method.body || !ts.isClassLike(method.parent)) continue;
    for (const decorator of ts.getDecorators(method) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
      const decoratorIdentifier = call.expression.text;
      const module = state.imports.get(decoratorIdentifier)?.specifier;
      const imported = state.imports.get(decoratorIdentifier)?.exportName ?? decoratorIdentifier;
      if (!TOOL_DECORATOR_NAMES.test(imported)) continue;
      const fromFramework = module !== undefined && isMcpServerModule(module);
      const onServerClass = fromFramework ? undefined : serverSubclassDecoration(method, module);
      const written = decoratorName(call.arguments[0]);
      // A framework's decorator without a name (easy-mcp `@Tool({ description })`) names the tool after the method.
      const namesMethod = fromFramework || onServerClass !== undefined;
      const nameNode = written ?? (namesMethod && ts.isIdentifier(method.name) ? method.name : undefined);
      if (!nameNode) continue;
      if (!namesMethod && (!call.arguments[0] || !describesTool(call.arguments[0]))) continue;
      const resolved = written
        ? nameOf(state, written)
        : { name: propertyNameText(method.name) ?? null, expression: method.name.getText(state.sourceFile) };
      const evidence = [
        `method decorated @${decoratorIdentifier}(…) at ${where(state, decorator)}${fromFramework ? ` (from ${module})` : ''}`,
        ...(onServerClass ? [onServerClass] : []),
        ...(written ? [] : ['name: the method name']),
        `handler: the decorated method ${propertyNameText(method.name) ?? ''}`.trimEnd(),
      ];
      if (!state.seen.has(method)) {
        state.seen.add(method);
        // The framework calls the method itself and turns a throw into an error result (MCP-Nest does).
        state.handlers.push({
          fn: method,
          kind: 'decorator',
          lowLevel: false,
          toolName: resolved.name,
          evidence,
          guarded: fromFramework,
        });
      }
      state.registrations.push({
        name: resolved.name,
        nameExpression: !written || ts.isStringLiteralLike(unwrapExpression(written)) ? undefined : resolved.expression,
        kind: 'decorator',
        node: decorator,
        nameNode,
        handler: method,
        evidence,
        listed: true,
      });
      break;
    }
  }
}

/** The function stored at `target[key]` by the statements before `site` in its block (`proto[key] = fn`, `Object.defineProperty`). */
function storedMethod(
  state: ScanState,
  site: ts.Node,
  target: ts.Expression,
  key: ts.Expression,
): FunctionLike | undefined {
  const text = (node: ts.Node) => node.getText(state.sourceFile).replace(/\s+/g, '');
  let statement: ts.Node = site;
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent))
    statement = statement.parent;
  const block = statement.parent;
  if (!block || !(ts.isBlock(block) || ts.isSourceFile(block))) return undefined;
  let found: FunctionLike | undefined;
  for (const other of block.statements) {
    if (other === statement) break;
    if (!ts.isExpressionStatement(other)) continue;
    const expression = unwrapExpression(other.expression);
    let value: ts.Expression | undefined;
    if (
      ts.isBinaryExpression(expression) &&
      expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isElementAccessExpression(expression.left) &&
      text(expression.left.argumentExpression) === text(key) &&
      text(expression.left.expression) === text(target)
    ) {
      value = expression.right;
    } else if (
      ts.isCallExpression(expression) &&
      expression.expression.getText(state.sourceFile) === 'Object.defineProperty' &&
      expression.arguments.length === 3 &&
      text(expression.arguments[0]) === text(target) &&
      text(expression.arguments[1]) === text(key) &&
      ts.isObjectLiteralExpression(expression.arguments[2])
    ) {
      const valueProperty = property(expression.arguments[2], 'value');
      if (valueProperty && ts.isPropertyAssignment(valueProperty)) value = valueProperty.initializer;
    }
    const inner = value && unwrapExpression(value);
    if (inner && isInlineFunction(inner)) found = inner;
  }
  return found;
}

/** `Tool({ name, … })(proto, key, descriptor)`: an MCP framework's tool decorator applied by hand. */
export function scanAppliedToolDecorators(state: ScanState): void {
  for (const call of state.index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression)) {
    const factory = call.expression;
    if (!ts.isCallExpression(factory) || !ts.isIdentifier(factory.expression) || call.arguments.length !== 3) continue;
    const binding = state.imports.get(factory.expression.text);
    if (!binding || !isMcpServerModule(binding.specifier) || !TOOL_DECORATOR_NAMES.test(binding.exportName)) continue;
    const written = decoratorName(factory.arguments[0]);
    if (!written) continue;
    const resolved = nameOf(state, written);
    const [target, key] = call.arguments;
    const handler = storedMethod(state, call, target, key);
    const evidence = [
      `@${factory.expression.text}(…) from ${binding.specifier} applied by hand to ${target.getText(state.sourceFile)} at ${where(state, call)}`,
      handler
        ? `handler: the function stored at ${target.getText(state.sourceFile)}[${key.getText(state.sourceFile)}]`
        : 'handler: not found',
    ];
    recordDecoratedTool(state, { handler, resolved, written, node: call, evidence });
  }
}

/**
 * A tool whose decorator names it (`@Tool({ name })` on a class, a decorator applied by hand): the handler, when
 * found, is guarded (the framework calls it and turns a throw into an error result), and the registration is listed.
 */
export function recordDecoratedTool(
  state: ScanState,
  tool: {
    handler: FunctionLike | undefined;
    resolved: ReturnType<typeof nameOf>;
    written: ts.Expression;
    node: ts.Node;
    evidence: string[];
  },
): void {
  const { handler, resolved, written, node, evidence } = tool;
  if (handler && !state.seen.has(handler)) {
    state.seen.add(handler);
    state.handlers.push({
      fn: handler,
      kind: 'decorator',
      lowLevel: false,
      toolName: resolved.name,
      evidence,
      guarded: true,
    });
  }
  state.registrations.push({
    name: resolved.name,
    nameExpression: shownNameExpression(written, resolved),
    kind: 'decorator',
    node,
    nameNode: written,
    handler,
    evidence,
    listed: true,
  });
}
