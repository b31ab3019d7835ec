import { describe, expect, it } from '@jest/globals';
import { hostingSupportEndsAt, requiresTemplateNamespace } from '../../src/datasources/hosting.js';

describe('on-premise versions', () => {
  it('needs a template namespace below 2.41 only', () => {
    expect(requiresTemplateNamespace('2.39.3')).toBe(true);
    expect(requiresTemplateNamespace('2.40.9')).toBe(true);
    expect(requiresTemplateNamespace('1.99')).toBe(true);
    expect(requiresTemplateNamespace('2.41.0')).toBe(false);
    expect(requiresTemplateNamespace('2.53.1')).toBe(false);
    expect(requiresTemplateNamespace('3.0')).toBe(false);
    expect(requiresTemplateNamespace('unknown')).toBe(false);
  });

  it('serves the end of support for on-premise only', () => {
    expect(hostingSupportEndsAt('ON_PREMISE')).toBe('2025-10-01T00:00:00.000Z');
    expect(hostingSupportEndsAt('CLOUD')).toBeNull();
    expect(hostingSupportEndsAt('UNKNOWN')).toBeNull();
  });
});
