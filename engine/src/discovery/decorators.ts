/**
 * Method decorators that register the method as a tool (NestJS-style frameworks such as MCP-Nest):
 * `class T { @Tool({ name: 'greet-user', description, parameters }) greet(args) { … } }`.
 * The decorator counts when it is imported from an MCP server package, or when it is named `Tool` /
 * `McpTool` / `MCPTool` and its object gives a name with a description or a schema. A framework's
 * decorator without a name names the tool after the method (easy-mcp). A framework's decorator
 * guards the method: the framework turns a throw into an error result.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { isMcpServerModule } from './relevance';
import { type ScanState, nameOf, where } from './scanContext';

const TOOL_DECORATOR_NAMES = /^(?:mcp)?tool$/i;
const DESCRIBING_KEYS = ['description', 'parameters', 'inputSchema', 'schema', 'outputSchema', 'annotations'];

function property(object: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key);
}

/** The name expression of a tool decorator's argument: `{ name: … }` or a string. */
function decoratorName(argument: ts.Expression | undefined): ts.Expression | undefined {
  if (!argument) return undefined;
  const inner = unwrapExpression(argument);
  if (ts.isStringLiteralLike(inner)) return inner;
  if (!ts.isObjectLiteralExpression(inner)) return undefined;
  const name = property(inner, 'name');
  if (name && ts.isPropertyAssignment(name)) return name.initializer;
  if (name && ts.isShorthandPropertyAssignment(name)) return name.name;
  return undefined;
}

function describesTool(argument: ts.Expression): boolean {
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
      const written = decoratorName(call.arguments[0]);
      // A framework's decorator without a name (easy-mcp `@Tool({ description })`) names the tool after the method.
      const nameNode = written ?? (fromFramework && ts.isIdentifier(method.name) ? method.name : undefined);
      if (!nameNode) continue;
      if (!fromFramework && (!call.arguments[0] || !describesTool(call.arguments[0]))) continue;
      const resolved = written
        ? nameOf(state, written)
        : { name: propertyNameText(method.name) ?? null, expression: method.name.getText(state.sourceFile) };
      const evidence = [
        `method decorated @${decoratorIdentifier}(…) at ${where(state, decorator)}${fromFramework ? ` (from ${module})` : ''}`,
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
