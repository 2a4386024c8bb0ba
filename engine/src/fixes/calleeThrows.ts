/**
 * The throw sites a caught error can come from: the `throw` statements of the try block itself and of the
 * workspace functions it calls (same file, or imported from another workspace file by a relative import),
 * followed two calls deep and bounded in number. Each site says what its static evidence means (its class,
 * `McpError(ErrorCode.X)`, an HTTP status, or its message's words, read by the classifier), so a catch-all's fix
 * can name the throw site that decides its category, and write it as a literal when nothing else can fail.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { parseSource } from '../engine';
import { namedFunctions, resolveRelativeImport } from '../discovery/handlers';
import { THROWING_CONSTRUCTORS, isFormattingCall, isSafeCall } from '../checks/analysis/safeCalls';
import { type FunctionLike, isClassLike, isFunctionLike, staticText, unwrapExpression, walk } from '../parse/syntax';
import type { AnalysisContext } from '../types';
import { type Inference, throwSiteInference } from './inference';

/** How many calls deep from the try block callees are read: the try block's callees are depth 1. */
export const MAX_CALLEE_DEPTH = 2;
/** At most this many functions are read for one try block, and this many throw sites kept. */
const MAX_FUNCTIONS = 12;
const MAX_SITES = 16;

export interface ThrowSite {
  /** The function that throws (`validatePath`), or undefined for a throw in the try block itself. */
  callee?: string;
  /** The file's base name and the 1-based line of the throw. */
  file: string;
  line: number;
  /** The thrown message's static text, when it has one. */
  message?: string;
  /** What the site's static evidence says; undefined when it says nothing (`throw error`, `new Error('failed')`). */
  inference?: Inference;
  /** Whether the evidence is in the message's words or a JSON-RPC code, which the run-time helper reads too. */
  readAtRunTime: boolean;
}

export interface CalleeThrows {
  sites: ThrowSite[];
  /** Whether the try block can also fail some other way: I/O, a call the analysis cannot read, a deeper callee. */
  otherFailures: boolean;
}

/** One file's functions and relative imports, as read for following calls. */
interface FileScope {
  sourceFile: ts.SourceFile;
  functions: ReadonlyMap<string, FunctionLike>;
  /** local name → the module specifier and the export it imports (`*` for a namespace import). */
  imports: ReadonlyMap<string, { specifier: string; exportName: string }>;
}

interface CachedScope {
  mtimeMs: number;
  scope: FileScope;
}

const otherFiles = new Map<string, CachedScope>();
const MAX_CACHED_FILES = 200;

function importsOf(sourceFile: ts.SourceFile): Map<string, { specifier: string; exportName: string }> {
  const imports = new Map<string, { specifier: string; exportName: string }>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!specifier.startsWith('.') || !clause || clause.isTypeOnly) continue;
    if (clause.name) imports.set(clause.name.text, { specifier, exportName: 'default' });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { specifier, exportName: '*' });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        imports.set(element.name.text, { specifier, exportName: (element.propertyName ?? element.name).text });
      }
    }
  }
  return imports;
}

/** Top-level functions of another file by name (`function f`, `const f = () => …`, `export default function`). */
function topLevelFunctions(sourceFile: ts.SourceFile): Map<string, FunctionLike> {
  const functions = new Map<string, FunctionLike>();
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      const isDefault = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (statement.name) functions.set(statement.name.text, statement);
      if (isDefault) functions.set('default', statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          functions.set(declaration.name.text, init);
        }
      }
    }
  }
  return functions;
}

function isFile(fileName: string): boolean {
  try {
    return fs.statSync(fileName).isFile();
  } catch {
    return false;
  }
}

/** Another workspace file's scope, parsed once per change of the file on disk. */
function scopeOfFile(fileName: string): FileScope | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(fileName).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = otherFiles.get(fileName);
  if (cached && cached.mtimeMs === mtimeMs) return cached.scope;
  let text: string;
  try {
    text = fs.readFileSync(fileName, 'utf8');
  } catch {
    return undefined;
  }
  const sourceFile = parseSource(fileName, text);
  const scope = { sourceFile, functions: topLevelFunctions(sourceFile), imports: importsOf(sourceFile) };
  if (otherFiles.size >= MAX_CACHED_FILES) otherFiles.clear();
  otherFiles.set(fileName, { mtimeMs, scope });
  return scope;
}

/** A method or function-valued property of the class around `node`, by name (`this.check(…)`). */
function classMember(node: ts.Node, name: string): FunctionLike | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current && !ts.isClassLike(current)) current = current.parent;
  for (const member of current?.members ?? []) {
    if (!member.name || !ts.isIdentifier(member.name) || member.name.text !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    const init = ts.isPropertyDeclaration(member) && member.initializer && unwrapExpression(member.initializer);
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
  }
  return undefined;
}

/** The workspace function a call runs and the scope it lives in, or undefined when it is not one. */
function resolveCall(
  scope: FileScope,
  call: ts.CallExpression,
): { fn: FunctionLike; scope: FileScope; name: string } | undefined {
  const callee = unwrapExpression(call.expression);
  let local: string | undefined;
  let member: string | undefined;
  if (ts.isIdentifier(callee)) local = callee.text;
  else if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const fn = classMember(call, callee.name.text);
    return fn ? { fn, scope, name: callee.name.text } : undefined;
  } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    local = callee.expression.text;
    member = callee.name.text;
  }
  if (local === undefined) return undefined;
  if (member === undefined) {
    const own = scope.functions.get(local);
    if (own) return { fn: own, scope, name: local };
  }
  const imported = scope.imports.get(local);
  if (!imported || (member !== undefined) !== (imported.exportName === '*')) return undefined;
  const target = resolveRelativeImport(imported.specifier, scope.sourceFile.fileName, isFile);
  const other = target ? scopeOfFile(target) : undefined;
  const exportName = member ?? imported.exportName;
  const fn = other?.functions.get(exportName);
  return fn && other ? { fn, scope: other, name: member ?? local } : undefined;
}

/** A site's record: where it is, its message, and what its evidence says. */
function siteOf(scope: FileScope, statement: ts.ThrowStatement, callee: string | undefined): ThrowSite {
  const thrown = statement.expression && unwrapExpression(statement.expression);
  const args = thrown && (ts.isNewExpression(thrown) || ts.isCallExpression(thrown)) ? (thrown.arguments ?? []) : [];
  const message = args.map((arg) => staticText(arg)).find((text) => text !== undefined);
  const { line } = scope.sourceFile.getLineAndCharacterOfPosition(statement.getStart(scope.sourceFile));
  const found = throwSiteInference(statement);
  return {
    ...(callee !== undefined ? { callee } : {}),
    file: path.basename(scope.sourceFile.fileName),
    line: line + 1,
    ...(message !== undefined ? { message } : {}),
    ...(found ? { inference: found.inference } : {}),
    readAtRunTime: found?.readAtRunTime ?? false,
  };
}

interface Walk {
  result: CalleeThrows;
  visited: Set<FunctionLike>;
}

/**
 * Collects the throw sites of `region` (a try block, or a function's body) and of the workspace functions it
 * calls. A throw inside an inner try with a catch is caught there; that catch's own throws count.
 */
function collect(walkState: Walk, scope: FileScope, region: ts.Node, callee: string | undefined, depth: number): void {
  const { result } = walkState;
  const visit = (node: ts.Node): boolean | void => {
    if (isClassLike(node)) return false;
    if (isFunctionLike(node)) {
      // A callback run here (`items.forEach((item) => check(item))`) can throw through the try block too.
      if (callbackCanFail(node)) result.otherFailures = true;
      return false;
    }
    if (ts.isTryStatement(node) && node.catchClause) {
      walk(node.catchClause, visit);
      if (node.finallyBlock) walk(node.finallyBlock, visit);
      return false;
    }
    if (ts.isThrowStatement(node)) {
      if (result.sites.length < MAX_SITES) result.sites.push(siteOf(scope, node, callee));
      else result.otherFailures = true;
      return false;
    }
    if (ts.isAwaitExpression(node) && !ts.isCallExpression(unwrapExpression(node.expression))) {
      result.otherFailures = true;
    } else if (ts.isForOfStatement(node) && node.awaitModifier) {
      result.otherFailures = true;
    } else if (ts.isNewExpression(node)) {
      if (!isQuietConstruction(node)) result.otherFailures = true;
    } else if (ts.isCallExpression(node)) {
      followCall(walkState, scope, node, depth);
    }
    return undefined;
  };
  if (isFunctionLike(region)) {
    if (!region.body) return;
    if (!ts.isBlock(region.body) && visit(region.body) === false) return;
    walk(region.body, visit);
  } else {
    walk(region, visit);
  }
}

function isAsyncFunction(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    isFunctionLike(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)
  );
}

/** Whether `call` is awaited (itself or an expression around it), or returned from an async function. */
function isAwaited(call: ts.CallExpression): boolean {
  let current: ts.Node = call;
  while (current.parent && !isFunctionLike(current.parent) && !ts.isStatement(current.parent)) {
    if (ts.isAwaitExpression(current.parent)) return true;
    current = current.parent;
  }
  // A promise returned from an async function rejects it as an await would.
  const owner = current.parent;
  const returned = current === call || (ts.isExpression(current) && unwrapExpression(current) === call);
  if (!returned) return false;
  if (owner && ts.isReturnStatement(owner)) {
    let fn: ts.Node | undefined = owner.parent;
    while (fn && !isFunctionLike(fn)) fn = fn.parent;
    return isAsyncFunction(fn);
  }
  return isAsyncFunction(owner);
}

/**
 * A call the analysis cannot read that still cannot fail: a safe call (`JSON.stringify`, `name.trim()`) or one that
 * formats text, when nothing awaits it (`await client.scripts.get(…)` is a request, not a map lookup).
 */
function isQuietCall(call: ts.CallExpression): boolean {
  return (isSafeCall(call) || isFormattingCall(call)) && !isAwaited(call);
}

/** Constructors that do not throw on ordinary input (a class of the project or a library may). */
const QUIET_CONSTRUCTORS = new Set(['Date', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Array', 'Object', 'AbortController']);

function isQuietConstruction(node: ts.NewExpression): boolean {
  if (!ts.isIdentifier(node.expression)) return false;
  const name = node.expression.text;
  return !THROWING_CONSTRUCTORS.has(name) && (QUIET_CONSTRUCTORS.has(name) || /Error$/.test(name));
}

/** Whether a nested function throws, constructs or calls anything that is not quiet. */
function callbackCanFail(fn: FunctionLike): boolean {
  let fails = false;
  walk(fn, (node) => {
    if (fails) return false;
    if (ts.isThrowStatement(node)) fails = true;
    else if (ts.isNewExpression(node)) fails = !isQuietConstruction(node);
    else if (ts.isCallExpression(node)) fails = !isQuietCall(node);
    return undefined;
  });
  return fails;
}

function followCall(walkState: Walk, scope: FileScope, call: ts.CallExpression, depth: number): void {
  const { result, visited } = walkState;
  const resolved = resolveCall(scope, call);
  if (!resolved) {
    if (!isQuietCall(call)) result.otherFailures = true;
    return;
  }
  if (visited.has(resolved.fn)) return;
  if (depth + 1 > MAX_CALLEE_DEPTH || visited.size >= MAX_FUNCTIONS) {
    result.otherFailures = true;
    return;
  }
  visited.add(resolved.fn);
  collect(walkState, resolved.scope, resolved.fn, resolved.name, depth + 1);
}

/** The try block whose catch clause encloses `node` in the same function. */
export function caughtTryBlock(node: ts.Node): ts.Block | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current && !isFunctionLike(current)) {
    if (ts.isCatchClause(current)) return current.parent.tryBlock;
    current = current.parent;
  }
  return undefined;
}

/** The throw sites of a try block (or function) in the analysed file and of the workspace functions it calls. */
export function calleeThrows(context: AnalysisContext, region: ts.Node): CalleeThrows {
  const scope: FileScope = {
    sourceFile: context.sourceFile,
    functions: namedFunctions(context.nodes),
    imports: importsOf(context.sourceFile),
  };
  const walkState: Walk = { result: { sites: [], otherFailures: false }, visited: new Set() };
  collect(walkState, scope, region, undefined, 0);
  return walkState.result;
}

const MAX_SHOWN_MESSAGE = 60;

/** `validatePath() at lib.ts:42: 'Access denied …'` */
export function describeSite(site: ThrowSite): string {
  const where = site.callee
    ? `${site.callee}() at ${site.file}:${site.line}`
    : `the throw at ${site.file}:${site.line}`;
  if (site.message === undefined) return where;
  const message = site.message.replace(/\$\{…\}/g, '…').replace(/\s+/g, ' ');
  const shown = message.length > MAX_SHOWN_MESSAGE ? `${message.slice(0, MAX_SHOWN_MESSAGE - 1)}…` : message;
  return `${where}: '${shown}'`;
}

/** What the throw sites decide for a catch-all's fix. */
export interface CalleeDecision {
  /** Set when every way the try block can fail is a throw site and all of them say this category. */
  certain?: Inference;
  /** The callee throw sites whose evidence the run-time helper reads too, for the fix title. */
  recognised: ThrowSite[];
}

/** The category all sites share, when every site has evidence and they agree. */
function agreed(sites: readonly ThrowSite[]): Inference | undefined {
  const first = sites[0]?.inference;
  if (!first) return undefined;
  for (const site of sites) {
    if (site.inference?.category !== first.category || site.inference.retryable !== first.retryable) return undefined;
  }
  return first;
}

/**
 * The decision for a fix at `node` inside a catch clause: certain when the try block fails only through throw
 * sites that all agree, at least one of them in a workspace function it calls; otherwise the callee sites the
 * run-time classification will read (named in the fix title), or nothing when the try block calls none.
 */
export function calleeDecision(context: AnalysisContext, node: ts.Node): CalleeDecision | undefined {
  const block = caughtTryBlock(node);
  if (!block) return undefined;
  const { sites, otherFailures } = calleeThrows(context, block);
  const calleeSites = sites.filter((site) => site.callee !== undefined);
  if (calleeSites.length === 0) return undefined;
  const shared = otherFailures ? undefined : agreed(sites);
  const decidingSite = calleeSites.find((site) => site.inference) ?? calleeSites[0];
  const more = sites.length > 1 ? ` and ${sites.length - 1} more throw site${sites.length > 2 ? 's' : ''}` : '';
  const certain = shared && {
    ...shared,
    evidence: `thrown by ${describeSite(decidingSite)}${more}`,
  };
  const recognised = calleeSites.filter((site) => site.inference && site.readAtRunTime);
  return { ...(certain ? { certain } : {}), recognised };
}

/**
 * The title fragment naming the callee throw sites whose words (or JSON-RPC code) the run-time classification
 * reads: ` — callee throw sites: PERMISSION thrown by validatePath() at lib.ts:42: 'Access denied …'`.
 */
export function recognisedNote(decision: CalleeDecision | undefined): string {
  const sites = decision?.recognised ?? [];
  if (sites.length === 0) return '';
  const named = sites
    .slice(0, 2)
    .map((site) => `${site.inference?.category ?? 'UNKNOWN'} thrown by ${describeSite(site)}`)
    .join('; ');
  const more = sites.length > 2 ? `; and ${sites.length - 2} more` : '';
  return ` — callee throw site${sites.length > 1 ? 's' : ''}: ${named}${more}`;
}
