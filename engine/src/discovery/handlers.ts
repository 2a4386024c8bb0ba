/**
 * Finds MCP tool registrations and the handler functions behind them: the SDK's registration calls,
 * the project's wrappers around them, tool-definition objects and factories, class-based tools,
 * `tools/call` dispatchers (each branch a tool), user handler factories and `@mcpToolHandler`.
 * Each registration carries its chain of evidence (why it counts as a tool).
 */
import { unlistFactoryValueRegistrations } from './factoryValueRegistrations';
import * as path from 'node:path';
import ts from 'typescript';
import { FUNCTION_KINDS, NodeIndex } from '../parse/nodeIndex';
import { type FunctionLike, isExportedStatement, isFunctionLike, unwrapExpression } from '../parse/syntax';
import { markGuarded } from './answeredCalls';
import { markGuardedBy, scanGuardedDispatch } from './crossFileGuards';
import { scanAugmentedServerTools } from './augmentedServerTools';
import { guardedParametersOf } from './guardedParameters';
import { listedFunctionExports } from './localExportLists';
import { type Reexport, declaredExports, reexportsOf } from './moduleExports';
import { guardFactoryDefinitions, guardingFactoryShapes } from './guardingDefinitionFactories';
import { classFacts, findToolBases, scanToolClasses } from './classes';
import { scanAppliedToolDecorators, scanToolDecorators } from './decorators';
import { guardedKeysOf, scanDefinitionObjects } from './definitions';
import { scanDefinitionFactories } from './definitionFactories';
import { scanSpreadDefinitions, spreadDefinitionExport } from './spreadDefinitions';
import { classMethodNamed } from './receiverDispatch';
import { consumedExport, scanConsumedDefinitions, scanPassedDefinitions } from './consumedDefinitions';
import { scanDispatch, scanDispatchers } from './dispatchers';
import { scanOptionDispatchers } from './optionDispatchers';
import { returnedTableExport } from './builtHandlerTables';
import { tableEntries } from './handlerTables';
import { scanFileConventionTool } from './fileConventions';
import { scanHandlerFactoryDefinitions } from './handlerFactoryDefinitions';
import { frameworkToolBases } from './frameworkClasses';
import { type ConstValue, fileConstants } from './names';
import { scanRegistrationCalls } from './registrationCalls';
import { scanParamsSchemaRegistrations } from './paramsSchemaRegistrations';
import { followTableSources } from './tableSources';
import { nameKeyedDefinitions } from './keyedLoops';
import { scanExecutorExports, scanExecutorRegistries } from './executorRegistry';
import { listedExport, scanListedDefinitions } from './listedDefinitions';
import { scanSdkTypedRegistryCalls } from './sdkTypedRegistryCalls';
import { scanHandlerlessFactoryDefinitions } from './handlerlessFactoryDefinitions';
import { expandRecordLookupNames } from './recordLookupNames';
import { loadedModuleExports } from './loadedModules';
import { renameExport, renamersOf, scanRenamedLists } from './renames';
import { scanTemplateFactories } from './templateFactories';
import { scanTupleModules } from './tupleModules';
import { scanWrappedDefinitionFactories } from './wrappedDefinitionFactories';
import { scanToolFactoryCalls } from './toolFactories';
import { scanNamedToolClasses } from './namedToolClasses';
import { scanClassToolDecorators } from './classToolDecorators';
import { scanCurriedToolBuilders } from './curriedToolBuilders';
import { scanMethodNamedToolClasses } from './methodNamedToolClasses';
import { schemaFactoryShapes } from './schemaFactories';
import { scanPackageToolBuilders } from './packageToolBuilders';
import { registeredDefinitionExport } from './registeredDefinitions';
import { wrappedHandlerExport } from './wrappedHandlerExports';
import { declaredMemberFunction, exportNameOfKey } from './memberHandlers';
import { classMethodExport } from './instanceTables';
import { registeredRecordShapes, scanKeyedRecords } from './keyedRecords';
import { scanTypedDefinitions, typedRegistrationShapes } from './typedDefinitions';
import { bindRegistrationMethodValues } from './registrationMethodTypes';
import { scanSelfRegisteringDefinitions } from './selfRegisteringDefinitions';
import { returnedFunction } from './factoryHandlers';
import { scanServerToolRecords } from './serverToolRecords';
import { scanWorkerEntrypointTools } from './workerEntrypointTools';
import {
  type ClassFact,
  type ExternalHandlerRef,
  type ImportBinding,
  NO_KNOWLEDGE,
  type ProjectKnowledge,
  type Renamer,
  type ScanState,
  type ToolBaseClass,
  type ToolHandler,
  type ToolRegistration,
  type WrapperSignature,
} from './scanContext';

export type {
  ExternalHandlerRef,
  ProjectKnowledge,
  RegistrationKind,
  ToolHandler,
  ToolRegistration,
  WrapperSignature,
} from './scanContext';

/** What a file tells the rest of the project (for cross-file discovery). */
export { type Reexport, declaredExports, reexportsOf };

export interface FileFacts {
  constants: ReadonlyMap<string, ConstValue>;
  wrappers: ReadonlyMap<string, WrapperSignature>;
  toolBases: ReadonlyMap<string, ToolBaseClass>;
  classes: readonly ClassFact[];
  guardingWrappers: ReadonlySet<string>;
  /** `export { x } from './y'` and `export * from './y'` (name '*'). */
  reexports: readonly Reexport[];
  /** Names this file itself exports (declarations, not re-exports). */
  declared: ReadonlySet<string>;
  /** Relative module specifiers this file imports. */
  relativeImports: readonly string[];
  /** Definition keys this file's generic invokers call inside a try/catch. */
  guardedKeys: ReadonlySet<string>;
  /** Exported functions that rename the tools of a list (`withArea('gadget', tools)`). */
  renamers: ReadonlyMap<string, Renamer>;
  /** Record shapes (`title>tool>inputParams`) this file's registration loops read (keyedRecords.ts). */
  recordShapes?: ReadonlySet<string>;
}

export interface HandlerScan {
  registrations: ToolRegistration[];
  handlers: ToolHandler[];
  external: ExternalHandlerRef[];
  facts: FileFacts;
}

export type ExternalInfo = Omit<ExternalHandlerRef, 'fileName' | 'exportName'>;

export interface HandlerScanOptions {
  /** Extra factory names whose `handler` property is a tool handler. */
  handlerFactories: readonly string[];
  /** Exports of this file that other files register as tool handlers. */
  externalExports?: ReadonlyMap<string, ExternalInfo>;
  /** Resolves an import specifier from this file to an absolute file path. */
  resolveImport?: (specifier: string, fromFile: string) => string | undefined;
  /** The file's node index, when the caller has one already. */
  index?: NodeIndex;
  /** What the other files of the project know. */
  knowledge?: ProjectKnowledge;
  /** The file lies in the tools folder of a file-convention framework's project (xmcp's `src/tools/`). */
  inConventionToolsFolder?: boolean;
  /** The source files directly in a folder (modules a loader reads at run time). */
  listFolder?: (directory: string) => readonly string[];
}

const NAMED_FUNCTIONS = Symbol('namedFunctions');

/** The file's named functions (`function f`, `const f = () => …`), by name; the first declaration wins. */
export function namedFunctions(index: NodeIndex): ReadonlyMap<string, FunctionLike> {
  return index.memo(NAMED_FUNCTIONS, () => collectNamedFunctions(index));
}

function collectNamedFunctions(index: NodeIndex): ReadonlyMap<string, FunctionLike> {
  const functions = new Map<string, FunctionLike>();
  for (const node of index.ofKinds([ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.VariableDeclaration])) {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && !functions.has(node.name.text)) {
      functions.set(node.name.text, node);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && !functions.has(node.name.text)) {
        functions.set(node.name.text, init);
      }
    }
  }
  return functions;
}

function importsOf(index: NodeIndex): Map<string, ImportBinding> {
  const imports = new Map<string, ImportBinding>();
  for (const node of index.of(ts.SyntaxKind.ImportDeclaration, ts.isImportDeclaration)) {
    if (!ts.isStringLiteral(node.moduleSpecifier) || !node.importClause) continue;
    const specifier = node.moduleSpecifier.text;
    const clause = node.importClause;
    if (clause.name) imports.set(clause.name.text, { specifier, exportName: 'default' });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const element of clause.namedBindings.elements) {
        const exportName = (element.propertyName ?? element.name).text;
        imports.set(element.name.text, { specifier, exportName });
      }
    } else if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
      imports.set(clause.namedBindings.name.text, { specifier, exportName: '*' });
    }
  }
  return imports;
}

function hasHandlerTag(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'mcpToolHandler');
}

/** Exported function declarations and `export const x = () => …` of a file, by export name. */
export function exportedFunctions(sourceFile: ts.SourceFile): Map<string, FunctionLike> {
  const result = new Map<string, FunctionLike>();
  for (const statement of sourceFile.statements) {
    const exported = isExportedStatement(statement);
    const isDefault = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
      : false;
    if (ts.isFunctionDeclaration(statement) && statement.body && exported) {
      result.set(isDefault ? 'default' : (statement.name?.text ?? 'default'), statement);
    } else if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrapExpression(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          result.set(declaration.name.text, init);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      const init = unwrapExpression(statement.expression);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) result.set('default', init);
    }
  }
  // `export { callTool, listTools };` after the declarations.
  for (const [name, fn] of listedFunctionExports(sourceFile)) if (!result.has(name)) result.set(name, fn);
  return result;
}

/** Exported `const x = { … }` object literals (handler tables), by export name. */
function exportedObjects(sourceFile: ts.SourceFile): Map<string, ts.ObjectLiteralExpression> {
  const result = new Map<string, ts.ObjectLiteralExpression>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrapExpression(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && init && ts.isObjectLiteralExpression(init)) {
        result.set(declaration.name.text, init);
      }
    }
  }
  return result;
}

/** Higher-order functions of this file that guard the function they wrap with their own try/catch. */
function guardingWrappersOf(index: NodeIndex, functions: ReadonlyMap<string, FunctionLike>): Set<string> {
  const result = new Set<string>();
  const tries = index.of(ts.SyntaxKind.TryStatement, ts.isTryStatement);
  if (tries.length === 0) return result;
  const byFunction = new Map<ts.Node, string>();
  for (const [name, fn] of functions) if (fn.parameters.length > 0) byFunction.set(fn, name);
  // A wrapper that hands the function it wraps to another wrapper that guards it (`withContext(name, fn)`). Only a
  // function with a try, or with a call of a function of this file, can guard a parameter: the others are not read.
  const mayGuard = (fn: FunctionLike): boolean =>
    index.within(fn, [ts.SyntaxKind.TryStatement]).length > 0 ||
    index.within(fn, [ts.SyntaxKind.CallExpression]).some((call) => {
      const callee = unwrapExpression((call as ts.CallExpression).expression);
      return ts.isIdentifier(callee) && functions.has(callee.text);
    });
  for (const [name, fn] of functions) {
    if (fn.parameters.length > 0 && mayGuard(fn) && guardedParametersOf(fn, functions).length > 0) result.add(name);
  }
  for (const statement of tries) {
    if (!statement.catchClause) continue;
    // The try/catch of the wrapper itself or of the function it returns (two levels at most).
    let current: ts.Node | undefined = statement.parent;
    for (let levels = 0; current && levels < 2; current = current.parent) {
      if (!isFunctionLike(current)) continue;
      const name = byFunction.get(current);
      if (name) {
        result.add(name);
        break;
      }
      levels++;
    }
  }
  return result;
}

/** Finds every tool registration and handler in a source file. */
export function scanHandlers(sourceFile: ts.SourceFile, options: HandlerScanOptions): HandlerScan {
  const index = options.index ?? NodeIndex.of(sourceFile);
  const functions = namedFunctions(index);
  const state: ScanState = {
    sourceFile,
    index,
    functions,
    imports: importsOf(index),
    constants: fileConstants(sourceFile),
    knowledge: options.knowledge ?? NO_KNOWLEDGE,
    resolveImport: options.resolveImport,
    listFolder: options.listFolder,
    registrations: [],
    handlers: [],
    external: [],
    seen: new Set(),
    consumed: new Set(),
    wrappers: new Map(),
    guardingWrappers: new Set(),
    guardedKeys: new Set(),
    guardedCallbacks: [],
  };
  const calls = index.of(ts.SyntaxKind.CallExpression, ts.isCallExpression);
  // Definition-building factories first: a helper both rules recognise is read by the one that also follows
  // handlers and guards; the template rule takes the helpers left.
  scanDefinitionFactories(state);
  scanTemplateFactories(state);
  scanWrappedDefinitionFactories(state);
  const methodShapes = bindRegistrationMethodValues(state);
  scanRegistrationCalls(state, calls);
  scanAugmentedServerTools(state, calls);
  scanParamsSchemaRegistrations(state, calls);
  scanSelfRegisteringDefinitions(state, calls);
  scanDispatchers(state, calls);
  scanOptionDispatchers(state, calls, scanDispatch);
  const toolBases = findToolBases(state);
  const classes = classFacts(sourceFile);
  scanToolClasses(state, new Map([...frameworkToolBases(state), ...toolBases]), classes);
  scanNamedToolClasses(state);
  scanMethodNamedToolClasses(state);
  scanExecutorRegistries(state);
  state.guardedKeys = guardedKeysOf(state);
  scanPackageToolBuilders(state, calls);
  scanCurriedToolBuilders(state, calls);
  scanToolFactoryCalls(state, calls);
  scanDefinitionObjects(state, new Set(options.handlerFactories));
  scanHandlerlessFactoryDefinitions(state);
  scanSpreadDefinitions(state);
  scanHandlerFactoryDefinitions(state);
  scanTupleModules(state);
  scanListedDefinitions(state, calls);
  scanSdkTypedRegistryCalls(state, calls);
  scanConsumedDefinitions(state, calls);
  scanPassedDefinitions(state, calls);
  scanServerToolRecords(state);
  scanFileConventionTool(state, options.inConventionToolsFolder === true);
  scanToolDecorators(state);
  scanClassToolDecorators(state);
  scanAppliedToolDecorators(state);
  scanWorkerEntrypointTools(state);
  const factoryShapes = guardingFactoryShapes(state);
  guardFactoryDefinitions(state, factoryShapes);
  const recordShapes = registeredRecordShapes(state, calls);
  scanKeyedRecords(state, recordShapes);
  const typedShapes = typedRegistrationShapes(state, calls);
  scanTypedDefinitions(state, typedShapes);
  for (const shape of typedShapes) recordShapes.add(shape);
  for (const shape of schemaFactoryShapes(state)) recordShapes.add(shape);
  for (const shape of methodShapes) recordShapes.add(shape);
  for (const shape of factoryShapes) recordShapes.add(shape);

  if (sourceFile.text.includes('@mcpToolHandler')) {
    for (const node of index.ofKinds(FUNCTION_KINDS)) {
      if (!isFunctionLike(node) || state.seen.has(node)) continue;
      const tagged =
        hasHandlerTag(node) ||
        (!ts.isFunctionDeclaration(node) &&
          ts.isVariableDeclaration(node.parent) &&
          node.parent.parent &&
          ts.isVariableDeclarationList(node.parent.parent) &&
          hasHandlerTag(node.parent.parent.parent));
      if (!tagged) continue;
      const evidence = ['tagged @mcpToolHandler'];
      state.seen.add(node);
      state.handlers.push({ fn: node, kind: 'jsdoc', lowLevel: false, toolName: null, evidence });
      state.registrations.push({
        name: null,
        kind: 'jsdoc',
        node,
        nameNode: node,
        handler: node,
        evidence,
        listed: true,
      });
    }
  }

  if (options.externalExports && options.externalExports.size > 0) scanExternalExports(state, options.externalExports);
  const renamers = renamersOf(state);
  scanRenamedLists(state, calls, renamers);
  unlistFactoryValueRegistrations(state);
  expandRecordLookupNames(state);
  const declared = declaredExports(sourceFile);
  return {
    registrations: state.registrations,
    handlers: state.handlers,
    external: state.external,
    facts: {
      constants: state.constants,
      wrappers: new Map([...state.wrappers].filter(([, wrapper]) => wrapper.shared)),
      toolBases,
      classes,
      guardingWrappers: guardingWrappersOf(index, functions),
      reexports: reexportsOf(sourceFile),
      declared,
      renamers: new Map([...renamers].filter(([name]) => declared.has(name))),
      guardedKeys: state.guardedKeys,
      recordShapes,
      relativeImports: [...new Set([...state.imports.values()].map((i) => i.specifier))].filter((s) =>
        s.startsWith('.'),
      ),
    },
  };
}

/** Functions and tables of this file that other files register or dispatch to. */
function scanExternalExports(state: ScanState, externalExports: ReadonlyMap<string, ExternalInfo>): void {
  const exported = exportedFunctions(state.sourceFile);
  let objects: Map<string, ts.ObjectLiteralExpression> | undefined;
  for (const [key, ref] of externalExports) {
    const exportName = exportNameOfKey(key, ref);
    const evidence = ref.evidence ?? [];
    if (ref.role === 'executors') {
      scanExecutorExports(state, exportName, ref.executorMethod ?? 'execute', evidence, reexportsOf(state.sourceFile));
      continue;
    }
    if (ref.role === 'renamed') {
      renameExport(
        state,
        exportName,
        ref.namePattern ?? { prefix: '', suffix: '' },
        evidence,
        reexportsOf(state.sourceFile),
      );
      continue;
    }
    if (ref.role === 'listed' || ref.role === 'listedItem') {
      listedExport(state, exportName, ref, reexportsOf(state.sourceFile));
      continue;
    }
    if (ref.role === 'definitionList' || ref.role === 'definitionItem') {
      consumedExport(state, exportName, ref, reexportsOf(state.sourceFile));
      continue;
    }
    if (ref.role === 'loadedModule') {
      loadedModuleExports(state, ref, reexportsOf(state.sourceFile));
      continue;
    }
    if (ref.role === 'registeredDefinition') {
      registeredDefinitionExport(state, exportName, ref, reexportsOf(state.sourceFile));
      continue;
    }
    if (ref.role === 'spreadDefinition') {
      spreadDefinitionExport(state, exportName, ref);
      continue;
    }
    if (ref.role === 'classMethod') {
      classMethodExport(state, exportName, ref);
      continue;
    }
    if (ref.role === 'definitions') {
      nameKeyedDefinitions(state, exportName, ref.namePattern ?? { prefix: '', suffix: '' }, evidence);
      continue;
    }
    if (ref.role === 'table') {
      objects ??= exportedObjects(state.sourceFile);
      const table = objects.get(exportName);
      if (table) tableEntries(state, table, evidence);
      else returnedTableExport(state, exported, exportName, evidence, ref.guarded ? ref.guardedBy : undefined);
      followTableSources(state, exportName, evidence);
      continue;
    }
    // A class's method another file's dispatcher hands the name to (`this.registry.executeTool(name)`).
    // A member of an exported object or class another file's table or branch names (`cardHandlers.createCard`).
    const exportedFn =
      ref.role === 'dispatch' && ref.member
        ? classMethodNamed(state.sourceFile, exportName, ref.member)
        : ref.role === 'handler' && ref.member
          ? declaredMemberFunction(state.sourceFile, state.functions, exportName, ref.member)
          : exported.get(exportName);
    // 'returnedHandler': the export is a factory; the function it returns answers the calls.
    const fn = ref.role === 'returnedHandler' && exportedFn ? returnedFunction(exportedFn) : exportedFn;
    // `export const run = withReporting(runImpl, …)`: the function the wrapper (or factory) call runs.
    if (!fn && ref.role === 'handler') wrappedHandlerExport(state, exportName, ref);
    if (!fn) continue;
    const lowLevel = ref.kind === 'setRequestHandler' || ref.role === 'dispatch';
    if (!state.seen.has(fn)) {
      state.seen.add(fn);
      state.handlers.push({
        fn,
        kind: ref.kind,
        lowLevel,
        toolName: ref.toolName,
        evidence: [...evidence],
        exportName,
      });
    }
    if (ref.guarded && ref.guardedBy && ref.role === 'dispatch') {
      scanGuardedDispatch(state, fn, ref.guardedBy, () => scanDispatch(state, fn, evidence));
      continue;
    }
    if (ref.guarded) {
      if (ref.guardedBy) markGuardedBy(state, fn, ref.guardedBy);
      else markGuarded(state, fn);
    }
    if (lowLevel) scanDispatch(state, fn, evidence);
  }
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];

/** Resolves a relative import to a file that exists, the way TypeScript's node resolution would. */
export function resolveRelativeImport(
  specifier: string,
  fromFile: string,
  exists: (fileName: string) => boolean,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const withoutJs = base.replace(/\.(m|c)?jsx?$/, '');
  // TypeScript sources first, as TypeScript resolves `./h.js` to `./h.ts` when both exist.
  const candidates = [
    ...SOURCE_EXTENSIONS.map((ext) => withoutJs + ext),
    base,
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((candidate) => /\.[cm]?[jt]sx?$/.test(candidate) && exists(candidate));
}
