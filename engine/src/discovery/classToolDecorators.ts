/**
 * Class decorators that make the class a tool (FrontMCP-style frameworks):
 * `@Tool({ name: 'add', description, inputSchema }) export default class AddTool extends ToolContext {
 * async execute(input) { … } }`. The decorator is named `Tool` / `McpTool` / `MCPTool` and imported from a
 * package (not the project's own helper, not an agent or LLM tool library); its object names the tool and
 * describes it (a description or a schema). The handler is the class's own execution method, which the
 * framework calls and whose throw it answers with an error result.
 */
import ts from 'typescript';
import { propertyNameText, unwrapExpression } from '../parse/syntax';
import { NON_MCP_MODULES } from './definitions';
import { TOOL_DECORATOR_NAMES, decoratorName, describesTool, recordDecoratedTool } from './decorators';
import { type ScanState, nameOf, where } from './scanContext';

/** Methods a framework calls on a decorated tool class, most specific first. */
const EXECUTION_METHODS = ['execute', 'run', 'handle', 'invoke', 'call', 'handler'];

/** The decorator's call when it is a package's tool decorator with a describing object: `@Tool({ name, description })`. */
function packageToolDecorator(
  state: ScanState,
  node: ts.ClassDeclaration,
): { call: ts.CallExpression; module: string } | undefined {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
    const binding = state.imports.get(call.expression.text);
    if (!binding || binding.specifier.startsWith('.') || NON_MCP_MODULES.test(binding.specifier)) continue;
    if (!TOOL_DECORATOR_NAMES.test(binding.exportName)) continue;
    const argument = call.arguments[0];
    if (!argument || !ts.isObjectLiteralExpression(unwrapExpression(argument)) || !describesTool(argument)) continue;
    return { call, module: binding.specifier };
  }
  return undefined;
}

/** The class's own execution method, with a body. */
function executionMethod(node: ts.ClassDeclaration): ts.MethodDeclaration | undefined {
  const methods = node.members.filter(
    (m): m is ts.MethodDeclaration =>
      ts.isMethodDeclaration(m) &&
      !!m.body &&
      !(ts.getModifiers(m) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword),
  );
  for (const wanted of EXECUTION_METHODS) {
    const found = methods.find((m) => propertyNameText(m.name) === wanted);
    if (found) return found;
  }
  return undefined;
}

/** Classes decorated as tools by a framework package. */
export function scanClassToolDecorators(state: ScanState): void {
  if (!state.sourceFile.text.includes('@')) return;
  for (const node of state.index.of(ts.SyntaxKind.ClassDeclaration, ts.isClassDeclaration)) {
    const decorated = packageToolDecorator(state, node);
    if (!decorated) continue;
    const written = decoratorName(decorated.call.arguments[0]);
    if (!written) continue;
    const handler = executionMethod(node);
    if (!handler || state.registrations.some((r) => r.node === decorated.call.parent)) continue;
    const resolved = nameOf(state, written);
    const method = propertyNameText(handler.name) ?? 'execute';
    const evidence = [
      `class ${node.name?.text ?? '(anonymous)'} decorated @${decorated.call.expression.getText(state.sourceFile)}(…) at ${where(state, decorated.call)} (from ${decorated.module})`,
      `handler: its ${method} method`,
    ];
    recordDecoratedTool(state, { handler, resolved, written, node: decorated.call.parent, evidence });
  }
}
