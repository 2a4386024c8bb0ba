/**
 * What the registration finders share while scanning one file: its bindings (named functions,
 * imports, constants), what the rest of the project knows (wrappers, tool base classes, constants
 * of other files), and the results collected so far.
 */
import ts from 'typescript';
import type { NodeIndex } from '../parse/nodeIndex';
import { type FunctionLike, isFunctionLike, unwrapExpression } from '../parse/syntax';
import { localConstant } from './localConstants';
import { type ConstValue, type ResolvedName, resolveName } from './names';

export type RegistrationKind =
  | 'registerTool'
  | 'tool'
  | 'setRequestHandler'
  | 'factory'
  | 'jsdoc'
  | 'addTool'
  | 'registerToolTask'
  | 'wrapper'
  | 'definition'
  | 'class'
  | 'dispatch'
  | 'fileConvention'
  | 'decorator';

export interface ToolRegistration {
  /** The tool name where it can be known statically, else null. */
  name: string | null;
  /** The name's expression as written, when it is not a plain literal. */
  nameExpression?: string;
  kind: RegistrationKind;
  /** The registration site: the call, the definition object or factory call, the class, the `case`. */
  node: ts.Node;
  /** The node that names the tool, for "go to handler". */
  nameNode: ts.Node;
  /** The handler function, when it is in this file. */
  handler?: FunctionLike;
  /** Why this counts as a tool registration, outermost first. */
  evidence: string[];
  /** false for sites that forward tools defined elsewhere (loops, wrappers): not listed as tools. */
  listed: boolean;
}

export interface ToolHandler {
  fn: FunctionLike;
  kind: RegistrationKind;
  /** Low-level `tools/call` dispatcher: a throw becomes a JSON-RPC error. */
  lowLevel: boolean;
  toolName: string | null;
  /** A higher-order wrapper with its own try/catch guards this handler. */
  guarded?: boolean;
  evidence?: string[];
  /** The export another file registers: the function itself, or (for a factory) the export that returns it. */
  exportName?: string;
}

/** A tool name built from a map key: `${prefix}${key}${suffix}`. */
export interface NamePattern {
  prefix: string;
  suffix: string;
}

/** A handler registered in one file whose function is exported from another. */
export interface ExternalHandlerRef {
  /** Absolute path of the file that defines the handler. */
  fileName: string;
  exportName: string;
  kind: RegistrationKind;
  toolName: string | null;
  /**
   * 'handler': the export is a handler; 'dispatch': a function that dispatches on the tool name;
   * 'table': an object of handlers keyed by tool name; 'definitions': a map of definition objects
   * registered in a loop under `namePattern` applied to each key; 'executors': tool instances (or
   * their classes) kept in a registry keyed by name; 'renamed': a tool list (or tool) whose tools are served
   * under `namePattern` applied to their own names; 'registeredDefinition': a definition object another file
   * registers by property (`member` is the handler's key); 'classMethod': a class whose method `member` is a
   * handler (`handlers.set('x', new XHandler())`).
   */
  role?:
    | 'handler'
    | 'returnedHandler'
    | 'dispatch'
    | 'table'
    | 'definitions'
    | 'executors'
    | 'renamed'
    | 'listed'
    | 'listedItem'
    | 'definitionList'
    | 'definitionItem'
    | 'loadedModule'
    | 'registeredDefinition'
    | 'classMethod'
    | 'spreadDefinition';
  /** For 'listed' / 'listedItem': the property of each element that is the definition (`(m) => m.tool`). */
  member?: string;
  /** For 'definitionList' / 'definitionItem': the key that names the tool (`member` is the handler's key). */
  nameKey?: string;
  namePattern?: NamePattern;
  /** For 'executors': the method the registry calls on the instance it looks up by name. */
  executorMethod?: string;
  evidence?: string[];
  /** The registering file calls it inside a try whose catch answers every error (a dispatcher's `case`). */
  guarded?: boolean;
  /** Which try of another file guards it (evidence): "guarded by the try at server.ts:42 that calls handleX". */
  guardedBy?: string;
}

/**
 * Hands what a file imports from `specifier` over to the workspace file that defines it (resolved through the
 * scan's import resolver): that file's own scan finds the tools. False when the import does not resolve.
 */
export function handOffImport(state: ScanState, specifier: string, ref: Omit<ExternalHandlerRef, 'fileName'>): boolean {
  const fileName = state.resolveImport?.(specifier, state.sourceFile.fileName);
  if (!fileName) return false;
  state.external.push({ fileName, ...ref });
  return true;
}

/** Where a wrapper takes a value from: its argument at `index`, or a property of it. */
export interface ArgPath {
  index: number;
  property?: string;
  /** `name || 'default'`: the value used when the argument is absent. */
  fallback?: string;
}

/** A list argument whose items a registrar registers, each under its own `key` (at `member` of the item, if set). */
export interface ListPath extends ArgPath {
  key: string;
  member?: string;
}

/** A function that forwards its arguments to a tool registration. */
export interface WrapperSignature {
  name: string;
  nameFrom?: ArgPath;
  handlerFrom?: ArgPath;
  /** The whole definition object (`addTool(tool)`). */
  definitionFrom?: ArgPath;
  /** A list of definitions it registers in a loop, each under its own name (listParameterLoops.ts). */
  listFrom?: ListPath;
  /** The option its tools/call handler forwards the tool name to (`config.handleCall(…)`): a dispatcher, not a tool. */
  dispatcherFrom?: ArgPath;
  /** `file:line` of the wrapper and what it forwards to. */
  evidence: string[];
  /** Other files can call it: exported, or a method of an object or class. */
  shared: boolean;
  /** Parameters the wrapper calls inside a try whose catch answers every error: handlers passed there are guarded. */
  guardedParameters?: number[];
  /** The handler it takes as a property (`config.apiCall`) runs inside a try of its own that answers every error. */
  guardsHandler?: string;
  /** The function returns the wrapper (a registrar closure): its calls register nothing, the result they are bound to does. */
  registrar?: boolean;
  /** The registrar returns the wrapper in a tuple (index) or an object (key), not whole (returnedRegistrars.ts). */
  registrarSlot?: number | string;
}

/** A class that registers `this.name` (and a method of its own) with the SDK. */
export interface ToolBaseClass {
  name: string;
  /** Methods the registration calls on `this` (`execute`, `run`…). */
  handlerMethods: string[];
  evidence: string;
  /** The base's registered callback (or the method it binds) has its own try/catch around the subclass's method. */
  guards?: boolean;
}

export interface ClassFact {
  name: string;
  base?: string;
  /** One of its methods calls another method of `this` inside its own try/catch (it guards what subclasses implement). */
  guards?: boolean;
  /** Methods its own methods call as `this.m(…)` inside a try whose catch answers, with that try's evidence. */
  guardedMethods?: Record<string, string>;
  /** Its abstract methods that its own methods call on `this` (template-method hooks, templateHooks.ts). */
  hooks?: string[];
}

/** A function that renames the tools of a list: which parameter is the prefix, which the list, and the template. */
export interface Renamer {
  prefixIndex: number;
  listIndex: number;
  /** The template's text around the prefix and the tool's name. */
  parts: { head: string; middle: string; tail: string; prefixFirst: boolean };
}

/** What the rest of the project knows, for one file's scan. */
export interface ProjectKnowledge {
  /** A wrapper defined in another file, by the name it is called through. */
  wrapper(name: string): WrapperSignature | undefined;
  /** A constant exported by another file. */
  constant(specifier: string, fromFile: string, exportName: string): ConstValue | undefined;
  /** A class of another file, by name. */
  classFact(name: string): ClassFact | undefined;
  toolBase(name: string): ToolBaseClass | undefined;
  /** Higher-order functions of other files whose own try/catch guards the function they wrap. */
  guardingWrapper(name: string): boolean;
  /** Definition keys (`handler`, `execute`…) that a generic invoker somewhere calls inside its own try/catch. */
  guardedKey?(key: string): boolean;
  /** A renamer exported by another file, by its exported name. */
  renamer?(name: string): Renamer | undefined;
  /** Whether a registration loop somewhere reads records of this shape (`title>tool>inputParams`, keyedRecords.ts). */
  recordShape?(shape: string): boolean;
}

export const NO_KNOWLEDGE: ProjectKnowledge = {
  wrapper: () => undefined,
  constant: () => undefined,
  classFact: () => undefined,
  toolBase: () => undefined,
  guardingWrapper: () => false,
};

export interface ImportBinding {
  specifier: string;
  exportName: string;
}

export interface ScanState {
  sourceFile: ts.SourceFile;
  index: NodeIndex;
  functions: ReadonlyMap<string, FunctionLike>;
  imports: ReadonlyMap<string, ImportBinding>;
  constants: ReadonlyMap<string, ConstValue>;
  knowledge: ProjectKnowledge;
  resolveImport?: (specifier: string, fromFile: string) => string | undefined;
  registrations: ToolRegistration[];
  handlers: ToolHandler[];
  external: ExternalHandlerRef[];
  /** Functions already recorded as handlers. */
  seen: Set<ts.Node>;
  /** Object literals already consumed by a registration (not definitions of their own). */
  consumed: Set<ts.Node>;
  wrappers: Map<string, WrapperSignature>;
  guardingWrappers: Set<string>;
  /** Definition keys this file's generic invokers call inside a try/catch. */
  guardedKeys: Set<string>;
  /** Inline callbacks given to a registration helper that calls them inside a try/catch answering every error. */
  guardedCallbacks: FunctionLike[];
  /** The source files directly in a folder (modules a loader reads at run time). */
  listFolder?: (directory: string) => readonly string[];
}

export function lineOf(state: ScanState, node: ts.Node): number {
  return state.sourceFile.getLineAndCharacterOfPosition(node.getStart(state.sourceFile)).line + 1;
}

export function where(state: ScanState, node: ts.Node): string {
  return `${baseNameOf(state.sourceFile.fileName)}:${lineOf(state, node)}`;
}

/** The last file name asked for and its base name: one scan asks for it many times. */
let lastFileName = '';
let lastBaseName = '';

function baseNameOf(fileName: string): string {
  if (fileName !== lastFileName) {
    lastBaseName = fileName.split(/[\\/]/).pop() ?? fileName;
    lastFileName = fileName;
  }
  return lastBaseName;
}

/** The expression a registration shows beside its resolved name: none when the name is written as a literal. */
export function shownNameExpression(written: ts.Expression, resolved: ResolvedName): string | undefined {
  return ts.isStringLiteralLike(unwrapExpression(written)) ? undefined : resolved.expression;
}

export function nameOf(state: ScanState, expression: ts.Expression): ResolvedName {
  const fileLevel = (identifier: string): ConstValue | undefined => {
    const local = state.constants.get(identifier);
    if (local !== undefined) return local;
    const imported = state.imports.get(identifier);
    return imported
      ? state.knowledge.constant(imported.specifier, state.sourceFile.fileName, imported.exportName)
      : undefined;
  };
  // A constant of the function around the name (`const cfg = Thing.createConfig()`) hides the file's.
  return resolveName(
    expression,
    (identifier) => localConstant(expression, identifier, fileLevel) ?? fileLevel(identifier),
    state.sourceFile,
  );
}

export function isInlineFunction(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** The name a function is known by: its declaration, variable, method or property name. */
export function functionName(fn: FunctionLike): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && !ts.isComputedPropertyName(fn.name)) {
    return ts.isIdentifier(fn.name) || ts.isStringLiteral(fn.name) ? fn.name.text : undefined;
  }
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) {
    return parent.name.text;
  }
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isFunctionExpression(fn) && fn.name) return fn.name.text;
  return undefined;
}

/** The nearest enclosing function of a node. */
export function enclosingFunctionOf(node: ts.Node): FunctionLike | undefined {
  let current = node.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}

/** The function argument of the call a variable is initialised with (`const h = wrap(fn)`). */
function wrappedBinding(state: ScanState, name: string): ts.Expression | undefined {
  for (const declaration of state.index.of(ts.SyntaxKind.VariableDeclaration, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
    const init = unwrapExpression(declaration.initializer);
    if (!ts.isCallExpression(init)) return undefined;
    return init.arguments.find((a) => ts.isIdentifier(unwrapExpression(a)) || isInlineFunction(unwrapExpression(a)));
  }
  return undefined;
}

/** An expression that names a function: inline, a same-file function, or an imported one. */
export function functionTarget(
  state: ScanState,
  expression: ts.Expression,
  depth = 0,
): { fn?: FunctionLike; imported?: ImportBinding; text: string } | undefined {
  const target = unwrapExpression(expression);
  if (isInlineFunction(target)) return { fn: target, text: 'an inline function' };
  // `this.callTool.bind(this)`: the bound function.
  if (
    ts.isCallExpression(target) &&
    ts.isPropertyAccessExpression(target.expression) &&
    target.expression.name.text === 'bind' &&
    depth < 3
  ) {
    return functionTarget(state, target.expression.expression, depth + 1);
  }
  if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const method = ownMethod(target);
    return method ? { fn: method, text: target.getText(state.sourceFile) } : undefined;
  }
  if (ts.isIdentifier(target)) {
    const local = state.functions.get(target.text);
    if (local) return { fn: local, text: target.text };
    const imported = state.imports.get(target.text);
    if (imported) return { imported, text: target.text };
    // `const wrapped = withLogging(handleToolCall)`: the wrapped function.
    const wrapped = wrappedBinding(state, target.text);
    if (wrapped && depth < 3) return functionTarget(state, wrapped, depth + 1);
  }
  return undefined;
}

/** The class a `this` expression belongs to: the nearest class around it, through arrow functions only. */
function classOfThis(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassDeclaration(current) || ts.isClassExpression(current)) return current;
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return undefined;
  }
  return undefined;
}

/** `this.executeTool`: the method (or arrow-function property) of that name in the same class. */
function ownMethod(access: ts.PropertyAccessExpression): FunctionLike | undefined {
  const owner = classOfThis(access);
  if (!owner) return undefined;
  const name = access.name.text;
  for (const member of owner.members) {
    if (!member.name || !ts.isIdentifier(member.name) || member.name.text !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = unwrapExpression(member.initializer);
      if (isInlineFunction(init)) return init;
    }
  }
  return undefined;
}
