import { describe, expect, it } from '@jest/globals';
import { insightsDate, insightsList } from '../../src/datasources/insights-api.js';
import { BadUserInputError } from '../../src/errors.js';

describe('insights parameters', () => {
  it('sends dates as the UTC calendar date', () => {
    expect(insightsDate('2026-03-04T23:59:59.000Z')).toBe('2026-03-04');
    expect(insightsDate('2026-03-05T00:00:00.000Z')).toBe('2026-03-05');
  });

  it('sends lists comma-separated by default, de-duplicated and sorted, and refuses ids that would break the encoding', () => {
    expect(insightsList(['b', 'a', 'b'], 'sourceIds', true, 'comma')).toBe('a,b');
    expect(insightsList([], 'sourceIds', false, 'comma')).toBeUndefined();
    expect(() => insightsList([], 'sourceIds', true, 'comma')).toThrow(BadUserInputError);
    expect(() => insightsList(['a,b'], 'actionIds', true, 'comma')).toThrow(/comma/);
    expect(() => insightsList([' '], 'actionIds', true, 'comma')).toThrow(BadUserInputError);
  });

  it('sends lists as one value per parameter with repeat, where a comma inside an id is harmless', () => {
    expect(insightsList(['b', 'a', 'b'], 'sourceIds', true, 'repeat')).toEqual(['a', 'b']);
    expect(insightsList(['a,b'], 'actionIds', true, 'repeat')).toEqual(['a,b']);
    expect(insightsList([], 'sourceIds', false, 'repeat')).toBeUndefined();
    expect(() => insightsList([], 'sourceIds', true, 'repeat')).toThrow(BadUserInputError);
    expect(() => insightsList([' '], 'actionIds', true, 'repeat')).toThrow(BadUserInputError);
  });
});
