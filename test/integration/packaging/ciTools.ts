/**
 * Loads the CI tools the packaging tests use: js-yaml (YAML parser) and @action-validator/core (GitHub's action and
 * workflow schemas). They are loaded by name at run time (through NODE_PATH too, for trying a tool before it is a
 * devDependency), with the small part of their API the tests use typed here.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

export const REPO = path.resolve(__dirname, '../../../..');
const load = createRequire(path.join(REPO, 'package.json'));

export interface YamlModule {
  load(text: string): unknown;
}

export interface ValidationState {
  actionType: 'action' | 'workflow';
  errors: Array<{ code: string; title: string; detail?: string; path?: string }>;
}

export interface ActionValidatorModule {
  validateAction(source: string): ValidationState;
  validateWorkflow(source: string): ValidationState;
}

export function yaml(): YamlModule {
  return load('js-yaml') as YamlModule;
}

export function actionValidator(): ActionValidatorModule {
  return load('@action-validator/core') as ActionValidatorModule;
}
