import { describe, it } from 'node:test';
import { classifyText } from '../../../../shared/src/classifier';
import { TEXT_CASES } from './casesText';
import { assertVerdict } from './check';

void describe('classifier: failures seen only as text', () => {
  for (const testCase of TEXT_CASES) {
    void it(JSON.stringify(testCase.text.slice(0, 70)), () => {
      const context = { operation: 'call_tool' };
      assertVerdict(classifyText(testCase.text, context), { ...testCase, context });
    });
  }
});
