/**
 * Template-method hooks of a tool base class: `abstract class BaseTool { abstract executeTyped(args): Promise<R>;
 * async execute(args) { return this.executeTyped(args); } }`. The base declares the hook abstract and one of its own
 * methods calls it on `this`, so what a subclass writes in that method is the tool's logic, whatever the hook is
 * called (`executeTyped`, `doRun`, `performAction`…). A method that is only declared abstract, or one that the base
 * never calls, is no hook (an abstract `describe()` is part of the interface, not the execution).
 */
import ts from 'typescript';
import { NodeIndex } from '../parse/nodeIndex';
import { propertyNameText } from '../parse/syntax';
import type { ScanState } from './scanContext';

/** How far up a chain of project base classes the hook is looked for (`Tool → ApiTool → BaseTool`). */
const MAX_BASE_DEPTH = 4;

function isAbstract(member: ts.ClassElement): boolean {
  return (
    ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)
  );
}

/** The abstract methods of a class that its own methods call as `this.hook(…)`, in declaration order. */
export function templateHooks(node: ts.ClassDeclaration): string[] | undefined {
  const abstract = new Set<string>();
  for (const member of node.members) {
    if (ts.isMethodDeclaration(member) && !member.body && isAbstract(member)) {
      const name = propertyNameText(member.name);
      if (name) abstract.add(name);
    }
  }
  if (abstract.size === 0) return undefined;
  const index = NodeIndex.of(node.getSourceFile());
  const called = new Set<string>();
  for (const member of node.members) {
    if (!ts.isMethodDeclaration(member) || !member.body) continue;
    for (const call of index.within(member.body, [ts.SyntaxKind.CallExpression])) {
      if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) continue;
      if (call.expression.expression.kind !== ts.SyntaxKind.ThisKeyword) continue;
      const name = call.expression.name.text;
      if (abstract.has(name)) called.add(name);
    }
  }
  const hooks = [...abstract].filter((name) => called.has(name));
  return hooks.length > 0 ? hooks : undefined;
}

/** The name of the class a class extends (`extends Base`, `extends ns.Base`). */
export function baseName(node: ts.ClassDeclaration): string | undefined {
  const clause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  if (!base) return undefined;
  if (ts.isIdentifier(base)) return base.text;
  return ts.isPropertyAccessExpression(base) ? base.name.text : undefined;
}

/**
 * The hooks a class named `name` (declared in this file, or a class fact of another file) and its project bases
 * call, nearest base first.
 */
export function inheritedTemplateHooks(state: ScanState, name: string): string[] {
  const hooks: string[] = [];
  let current: string | undefined = name;
  for (let depth = 0; current && depth < MAX_BASE_DEPTH; depth++) {
    const wanted: string = current;
    const local = state.sourceFile.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === wanted,
    );
    if (local) {
      hooks.push(...(templateHooks(local) ?? []));
      current = baseName(local);
    } else {
      const fact = state.knowledge.classFact(wanted);
      if (!fact) break;
      hooks.push(...(fact.hooks ?? []));
      current = fact.base;
    }
  }
  return hooks;
}
