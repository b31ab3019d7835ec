import { afterEach, beforeEach, jest } from '@jest/globals';

// Tests fail on stray console output: anything worth printing belongs in an assertion or a log.
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
let spies: Array<jest.Spied<typeof console.log>> = [];

beforeEach(() => {
  spies = methods.map((method) => jest.spyOn(console, method));
});

afterEach(() => {
  const printed = spies.flatMap((spy, index) => spy.mock.calls.map((call: unknown[]) => `console.${methods[index]}: ${call.map(String).join(' ')}`));
  for (const spy of spies) spy.mockRestore();
  if (printed.length > 0) throw new Error(`Unexpected console output:\n${printed.join('\n')}`);
});
