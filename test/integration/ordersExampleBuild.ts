/** Builds the orders example for tests that run it (examplesRun, the probe's integration tests). */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const EXAMPLE_DIR = path.resolve(__dirname, '../../../examples/orders-server');

/**
 * Compiles the example's sources file by file with its own compiler options into `outDir`. Type errors
 * are the business of fixedCodeCompiles.test.ts; here only the emitted JavaScript matters, so each file is
 * transpiled on its own (a whole-program build costs seconds). The repository's package.json has no
 * `"type"`, so `module: nodenext` emits CommonJS for these files, which is what this asks for directly.
 * `outDir` must sit inside the repository so that the emitted code resolves the SDK from its node_modules.
 */
export function buildOrdersExample(outDir: string): void {
  const configPath = path.join(EXAMPLE_DIR, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, EXAMPLE_DIR, undefined, configPath);
  const rootDir = parsed.options.rootDir ?? path.join(EXAMPLE_DIR, 'src');
  const compilerOptions: ts.CompilerOptions = {
    ...parsed.options,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: undefined,
    sourceMap: false,
  };
  assert.ok(parsed.fileNames.length > 0, 'the example tsconfig should include sources');
  for (const fileName of parsed.fileNames) {
    const output = ts.transpileModule(fs.readFileSync(fileName, 'utf8'), { compilerOptions, fileName });
    const target = path.join(outDir, path.relative(rootDir, fileName)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, output.outputText);
  }
}
