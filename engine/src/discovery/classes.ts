/**
 * Class-based tools: a base class registers `this.name` with the SDK and calls a method of its own
 * (`this.execute(args)`); each subclass names a tool (`name = 'x'`, `static toolName = 'x'`,
 * `super({ name: 'x' })`) and implements that method, which is the tool's handler.
 */
import ts from 'typescript';
import { NodeIndex } from '../parse/nodeIndex';
import { type FunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { answeredThisCalls } from './crossFileGuards';
import { baseName, templateHooks } from './templateHooks';
import { type ClassFact, type ScanState, type ToolBaseClass, lineOf, nameOf, where } from './scanContext';

/** Read once: the typescript module's exports are getters (see parse/syntax.ts). */
const { SyntaxKind } = ts;

const HANDLER_METHODS = ['execute', 'run', 'handle', 'call', 'invoke', 'handler', 'executeImpl', 'callback'];
const NAME_FIELDS = ['name', 'toolName'];

function classesOf(sourceFile: ts.SourceFile): ts.ClassDeclaration[] {
  const classes: ts.ClassDeclaration[] = [];
  for (const statement of sourceFile.statements) if (ts.isClassDeclaration(statement)) classes.push(statement);
  return classes;
}

export function classFacts(sourceFile: ts.SourceFile): ClassFact[] {
  return classesOf(sourceFile)
    .filter((c) => c.name)
    .map((c) => {
      const guardedMethods = answeredThisCalls(c);
      const hooks = templateHooks(c);
      return {
        name: c.name?.text ?? '',
        base: baseName(c),
        ...(guardsSubclasses(c) ? { guards: true } : {}),
        ...(guardedMethods ? { guardedMethods } : {}),
        ...(hooks ? { hooks } : {}),
      };
    });
}

/** A method whose try block calls `this.x(…)`: what a subclass puts in `x` runs guarded. */
function guardsSubclasses(node: ts.ClassDeclaration): boolean {
  const index = NodeIndex.of(node.getSourceFile());
  for (const member of node.members) {
    if (!ts.isMethodDeclaration(member) || !member.body) continue;
    if (index.within(member.body, [SyntaxKind.TryStatement]).length === 0) continue;
    let found = false;
    walk(member.body, (child) => {
      if (found) return false;
      if (child.kind === SyntaxKind.TryStatement && ts.isTryStatement(child) && child.catchClause) {
        walk(child.tryBlock, (inner) => {
          if (
            inner.kind === SyntaxKind.CallExpression &&
            ts.isCallExpression(inner) &&
            ts.isPropertyAccessExpression(inner.expression) &&
            inner.expression.expression.kind === ts.SyntaxKind.ThisKeyword
          ) {
            found = true;
          }
          return !found;
        });
      }
      return !found;
    });
    if (found) return true;
  }
  return false;
}

function enclosingClass(node: ts.Node): ts.ClassDeclaration | undefined {
  let current = node.parent;
  while (current && !ts.isClassDeclaration(current)) current = current.parent;
  return current;
}

/** Registrations whose name is `this.…` inside a class make that class a tool base; they are not tools themselves. */
export function findToolBases(state: ScanState): Map<string, ToolBaseClass> {
  const bases = new Map<string, ToolBaseClass>();
  for (const registration of state.registrations) {
    if (!registration.listed || !/^this\b|\bthis\.constructor\b/.test(registration.nameExpression ?? '')) continue;
    const owner = enclosingClass(registration.node);
    if (!owner?.name) continue;
    registration.listed = false;
    const handlerMethods: string[] = [];
    const handler = registration.handler;
    const call = registration.node;
    if (ts.isCallExpression(call)) {
      // `async (args) => this.execute(args)`, `this.invoke.bind(this)`: the methods the registration calls.
      for (const argument of call.arguments.slice(1)) {
        walk(argument, (node) => {
          if (
            ts.isPropertyAccessExpression(node) &&
            node.expression.kind === ts.SyntaxKind.ThisKeyword &&
            !/^(name|toolName)$/.test(node.name.text)
          ) {
            handlerMethods.push(node.name.text);
          }
        });
      }
    }
    if (handler) {
      // The forwarding callback is the base's, not a tool's handler.
      const at = state.handlers.findIndex((h) => h.fn === handler);
      if (at >= 0) state.handlers.splice(at, 1);
    }
    const guardsWith = (fn: ts.Node | undefined): boolean => {
      let found = false;
      if (fn) walk(fn, (node) => !(found ||= ts.isTryStatement(node) && !!node.catchClause));
      return found;
    };
    const ownMethods = owner.members.filter(
      (m): m is ts.MethodDeclaration =>
        ts.isMethodDeclaration(m) && handlerMethods.includes(propertyNameText(m.name) ?? ''),
    );
    const guards = guardsWith(handler) || ownMethods.some((m) => guardsWith(m));
    bases.set(owner.name.text, {
      name: owner.name.text,
      guards,
      handlerMethods,
      evidence: `${owner.name.text} (${where(state, owner)}) registers this.name through ${registration.evidence[0] ?? 'the SDK'}`,
    });
  }
  return bases;
}

function toolBaseOf(
  state: ScanState,
  start: string | undefined,
  local: ReadonlyMap<string, ToolBaseClass>,
  localClasses: ReadonlyMap<string, ClassFact>,
): { base: ToolBaseClass; chain: string[] } | undefined {
  const chain: string[] = [];
  let current = start;
  for (let depth = 0; current && depth < 8; depth++) {
    chain.push(current);
    const base = local.get(current) ?? state.knowledge.toolBase(current);
    if (base) return { base, chain };
    current = (localClasses.get(current) ?? state.knowledge.classFact(current))?.base;
  }
  return undefined;
}

function nameMember(node: ts.ClassDeclaration): ts.Expression | undefined {
  for (const member of node.members) {
    if (
      ts.isPropertyDeclaration(member) &&
      member.initializer &&
      NAME_FIELDS.includes(propertyNameText(member.name) ?? '')
    ) {
      return member.initializer;
    }
    if (
      ts.isGetAccessorDeclaration(member) &&
      NAME_FIELDS.includes(propertyNameText(member.name) ?? '') &&
      member.body
    ) {
      const returned = member.body.statements.find(ts.isReturnStatement)?.expression;
      if (returned && ts.isStringLiteralLike(unwrapExpression(returned))) return returned;
    }
    if (ts.isConstructorDeclaration(member) && member.body) {
      let found: ts.Expression | undefined;
      walk(member.body, (node) => {
        if (found) return false;
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
          for (const argument of node.arguments) {
            const object = unwrapExpression(argument);
            if (!ts.isObjectLiteralExpression(object)) continue;
            const property = object.properties.find(
              (p) => ts.isPropertyAssignment(p) && NAME_FIELDS.includes(propertyNameText(p.name) ?? ''),
            );
            if (property && ts.isPropertyAssignment(property)) found = property.initializer;
          }
        }
        return true;
      });
      if (found) return found;
    }
  }
  return undefined;
}

function isAbstract(node: ts.ClassDeclaration): boolean {
  return (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword);
}

/**
 * Subclasses of tool base classes (this file's or the project's) become tool registrations. `fileClasses`: the file's
 * `classFacts`, made once per scan.
 */
export function scanToolClasses(
  state: ScanState,
  local: ReadonlyMap<string, ToolBaseClass>,
  fileClasses: readonly ClassFact[],
): void {
  const classes = classesOf(state.sourceFile);
  if (classes.length === 0) return;
  const localClasses = new Map(fileClasses.map((c) => [c.name, c]));
  for (const node of classes) {
    if (!node.name || isAbstract(node)) continue;
    const found = toolBaseOf(state, baseName(node), local, localClasses);
    if (!found) continue;
    const chainGuards = found.chain.some(
      (name) => (localClasses.get(name) ?? state.knowledge.classFact(name))?.guards === true,
    );
    const methods = [...found.base.handlerMethods, ...HANDLER_METHODS];
    let handler: FunctionLike | undefined;
    for (const method of methods) {
      handler = node.members.find(
        (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === method && !!m.body,
      );
      if (handler) break;
    }
    const nameNode = nameMember(node);
    if (!nameNode && !handler) continue;
    const resolved = nameNode ? nameOf(state, nameNode) : { name: null, expression: `${node.name.text} (unnamed)` };
    const evidence = [
      `class ${node.name.text} (${where(state, node)}) extends ${found.chain.join(' → ')}`,
      found.base.evidence,
    ];
    if (handler) {
      evidence.push(
        `handler: its ${propertyNameText(handler.name) ?? 'handler'} method (line ${lineOf(state, handler)})`,
      );
      if (!state.seen.has(handler)) {
        state.seen.add(handler);
        state.handlers.push({
          fn: handler,
          kind: 'class',
          lowLevel: false,
          toolName: resolved.name,
          evidence,
          guarded: found.base.guards === true || chainGuards,
        });
      }
    }
    state.registrations.push({
      name: resolved.name,
      nameExpression: nameNode && !ts.isStringLiteralLike(unwrapExpression(nameNode)) ? resolved.expression : undefined,
      kind: 'class',
      node,
      nameNode: nameNode ?? node.name,
      handler,
      evidence,
      listed: true,
    });
  }
}
