/**
 * Cloudflare's workers-mcp: the tools are the public methods of a Worker's RPC entry point,
 * `export default class Notes extends WorkerEntrypoint<Env> { async archive(id: string) { … } fetch(request) {
 * return new ProxyToSelf(this).fetch(request) } }`, described to the client from their JSDoc by a build step.
 * In a file that imports workers-mcp, every public method of a class extending `WorkerEntrypoint` (from
 * `cloudflare:workers`) is a tool named after the method — except `fetch` (the proxy's entry), the
 * constructor, static, private and protected methods, and methods whose JSDoc says `@ignore`.
 */
import ts from 'typescript';
import type { ScanState } from './scanContext';
import { where } from './scanContext';

const PACKAGE = 'workers-mcp';
const ENTRYPOINT_MODULE = 'cloudflare:workers';
const NOT_TOOLS = new Set(['fetch', 'constructor']);
const HIDDEN = [ts.SyntaxKind.StaticKeyword, ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword];

function importsPackage(state: ScanState): boolean {
  for (const binding of state.imports.values()) {
    if (binding.specifier === PACKAGE || binding.specifier.startsWith(PACKAGE + '/')) return true;
  }
  return false;
}

/** Whether the class extends `WorkerEntrypoint` imported from `cloudflare:workers`. */
function extendsEntrypoint(state: ScanState, node: ts.ClassLikeDeclaration): boolean {
  for (const clause of node.heritageClauses ?? []) {
    if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
    const base = clause.types[0]?.expression;
    if (!base || !ts.isIdentifier(base)) return false;
    const binding = state.imports.get(base.text);
    return binding?.specifier === ENTRYPOINT_MODULE && binding.exportName === 'WorkerEntrypoint';
  }
  return false;
}

function isServedMethod(member: ts.ClassElement): member is ts.MethodDeclaration & { name: ts.Identifier } {
  if (!ts.isMethodDeclaration(member) || !member.body || !ts.isIdentifier(member.name)) return false;
  if (NOT_TOOLS.has(member.name.text)) return false;
  if ((ts.getModifiers(member) ?? []).some((m) => HIDDEN.includes(m.kind))) return false;
  return !ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'ignore');
}

/** The public methods of Worker entry points that workers-mcp serves as tools. */
export function scanWorkerEntrypointTools(state: ScanState): void {
  if (!state.sourceFile.text.includes(PACKAGE) || !importsPackage(state)) return;
  for (const node of state.sourceFile.statements) {
    if (!ts.isClassDeclaration(node) || !extendsEntrypoint(state, node)) continue;
    const className = node.name?.text ?? 'the default export';
    for (const member of node.members) {
      if (!isServedMethod(member) || state.seen.has(member)) continue;
      const toolName = member.name.text;
      const evidence = [
        `public method of ${className}, a WorkerEntrypoint served by ${PACKAGE} (at ${where(state, member)})`,
        'name: the method name',
        `handler: the method ${toolName}`,
      ];
      state.seen.add(member);
      state.handlers.push({ fn: member, kind: 'class', lowLevel: false, toolName, evidence });
      state.registrations.push({
        name: toolName,
        kind: 'class',
        node: member,
        nameNode: member.name,
        handler: member,
        evidence,
        listed: true,
      });
    }
  }
}
