import { describe, expect, it } from '@jest/globals';
import { insightsDate, insightsList } from '../../src/datasources/insights-api.js';
import { BadUserInputError } from '../../src/errors.js';

describe('insights parameters', () => {
  it('sends dates as the UTC calendar date', () => {
    expect(insightsDate('2026-03-04T23:59:59.000Z')).toBe('2026-03-04');
    expect(insightsDate('2026-03-05T00:00:00.000Z')).toBe('2026-03-05');
  });

  it('sends lists comma-separated, de-duplicated, and refuses ids that would break the encoding', () => {
    expect(insightsList(['a', 'b', 'a'], 'sourceIds', true)).toBe('a,b');
    expect(insightsList([], 'sourceIds', false)).toBeUndefined();
    expect(() => insightsList([], 'sourceIds', true)).toThrow(BadUserInputError);
    expect(() => insightsList(['a,b'], 'actionIds', true)).toThrow(/comma/);
    expect(() => insightsList([' '], 'actionIds', true)).toThrow(BadUserInputError);
  });
});
