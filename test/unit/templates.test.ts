import { describe, expect, it } from '@jest/globals';
import { buildLimitedTimeOfferTemplate } from '../../src/messaging/templates.js';
import { fieldOf, refusalOf } from '../support/refusals.js';

describe('limited-time-offer template', () => {
  const input = {
    name: 'o',
    language: 'en',
    offerText: 'Deal',
    hasExpiration: false,
    body: 'Hello',
    urlButtonText: 'Go',
    url: 'https://shop.example.com',
  };
  const refusal = (changes: Record<string, unknown>) => refusalOf(() => buildLimitedTimeOfferTemplate({ ...input, ...changes }));

  it('needs no copy code without expiration, but puts one first when given', () => {
    expect(buildLimitedTimeOfferTemplate(input).components).toEqual([
      { type: 'limited_time_offer', limited_time_offer: { text: 'Deal', has_expiration: false } },
      { type: 'body', text: 'Hello' },
      { type: 'buttons', buttons: [{ type: 'url', text: 'Go', url: 'https://shop.example.com' }] },
    ]);
    const withCode = buildLimitedTimeOfferTemplate({ ...input, copyCodeExample: 'X' }).components as Array<{ buttons?: unknown[] }>;
    expect(withCode[2]?.buttons?.[0]).toEqual({ type: 'copy_code', example: 'X' });
  });

  it('checks variables and examples', () => {
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, body: 'Hi {{2}}', bodyExamples: ['a'] }))).toBe('input.body');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, url: 'https://s.example.com/{{1}}' }))).toBe('input.urlExample');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, urlExample: 'x' }))).toBe('input.urlExample');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, headerFormat: 'TEXT', headerHandle: 'h' }))).toBe('input.headerFormat');
  });

  it('builds the marketing template with an image or video header, body examples and a url button example', () => {
    expect(
      buildLimitedTimeOfferTemplate({
        ...input,
        headerFormat: 'VIDEO',
        headerHandle: 'handle-1',
        hasExpiration: true,
        copyCodeExample: 'SAVE10',
        body: 'Hi {{1}}, {{ 2 }} off for {{1}}',
        bodyExamples: ['Ann', '10 %'],
        url: 'https://shop.example.com/{{1}}',
        urlExample: 'https://shop.example.com/deal',
      }),
    ).toEqual({
      name: 'o',
      language: 'en',
      category: 'marketing',
      components: [
        { type: 'header', format: 'video', example: { header_handle: ['handle-1'] } },
        { type: 'limited_time_offer', limited_time_offer: { text: 'Deal', has_expiration: true } },
        { type: 'body', text: 'Hi {{1}}, {{ 2 }} off for {{1}}', example: { body_text: [['Ann', '10 %']] } },
        {
          type: 'buttons',
          buttons: [
            { type: 'copy_code', example: 'SAVE10' },
            { type: 'url', text: 'Go', url: 'https://shop.example.com/{{1}}', example: ['https://shop.example.com/deal'] },
          ],
        },
      ],
    });
    expect(buildLimitedTimeOfferTemplate({ ...input, headerFormat: 'image', headerHandle: 'h' }).components).toContainEqual({
      type: 'header',
      format: 'image',
      example: { header_handle: ['h'] },
    });
  });

  it('refuses each broken rule with its own message and field', () => {
    expect(refusal({ name: '' })).toEqual(['input.name', 'name must not be empty']);
    expect(refusal({ language: '  ' })).toEqual(['input.language', 'language must not be empty']);
    expect(refusal({ offerText: null })).toEqual(['input.offerText', 'offerText must not be empty']);
    expect(refusal({ urlButtonText: '' })).toEqual(['input.urlButtonText', 'urlButtonText must not be empty']);
    expect(refusal({ url: ' ' })).toEqual(['input.url', 'url must not be empty']);
    expect(refusal({ headerFormat: 'IMAGE' })).toEqual(['input.headerHandle', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ headerFormat: '', headerHandle: 'h' })).toEqual(['input.headerFormat', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ headerFormat: 'TEXT', headerHandle: 'h' })).toEqual(['input.headerFormat', 'headerFormat must be IMAGE or VIDEO']);
    expect(refusal({ body: 'Hi {{1}} {{3}}', bodyExamples: ['a', 'b'] })).toEqual([
      'input.body',
      'the variables of body must be numbered {{1}}, {{2}}, ... without gaps',
    ]);
    expect(refusal({ body: 'Hi {{2}}', bodyExamples: ['a'] })?.[0]).toBe('input.body');
    expect(refusal({ body: 'Hi {{1}}' })).toEqual(['input.bodyExamples', 'body has 1 variable(s); bodyExamples must give exactly one example each']);
    expect(refusal({ bodyExamples: ['extra'] })?.[0]).toBe('input.bodyExamples');
    expect(refusal({ body: 'Hi {{1}} {{2}}', bodyExamples: ['a', ''] })).toEqual(['input.bodyExamples.1', 'bodyExamples.1 must not be empty']);
    expect(refusal({ hasExpiration: true })).toEqual(['input.copyCodeExample', 'copyCodeExample is required when hasExpiration is true']);
    expect(refusal({ hasExpiration: true, copyCodeExample: '' })?.[0]).toBe('input.copyCodeExample');
    expect(refusal({ url: 'ftp://shop.example.com' })).toEqual(['input.url', 'url must be an http:// or https:// URL']);
    expect(refusal({ url: 'https://s.example.com/{{1}}/{{2}}', urlExample: 'x' })).toEqual(['input.url', 'url may contain at most one variable ({{1}})']);
    expect(refusal({ url: 'https://s.example.com/{{1}}', urlExample: '' })).toEqual(['input.urlExample', 'url has a variable: urlExample is required']);
    expect(refusal({ urlExample: 'https://s.example.com/x' })).toEqual(['input.urlExample', 'urlExample needs a {{1}} variable in url']);
    expect(refusal({ url: 'https://s.example.com/{{2}}', urlExample: 'x' })?.[0]).toBe('input.url');
  });

  it('numbers variables by value, in any order of appearance and with more than one digit', () => {
    const bodyOf = (changes: Record<string, unknown>) =>
      (buildLimitedTimeOfferTemplate({ ...input, ...changes }).components as Array<{ type: string }>).find((component) => component.type === 'body');
    expect(bodyOf({ body: 'Hi {{2}}, {{1}}', bodyExamples: ['b', 'a'] })).toEqual({
      type: 'body',
      text: 'Hi {{2}}, {{1}}',
      example: { body_text: [['b', 'a']] },
    });
    const ten = Array.from({ length: 10 }, (_, index) => `{{${index + 1}}}`).join(' ');
    const tenExamples = Array.from({ length: 10 }, (_, index) => `e${index + 1}`);
    expect(bodyOf({ body: ten, bodyExamples: tenExamples })).toEqual({ type: 'body', text: ten, example: { body_text: [tenExamples] } });
    expect(refusal({ body: 'Hi {{10}}' })).toEqual(['input.body', 'the variables of body must be numbered {{1}}, {{2}}, ... without gaps']);
  });

  it('takes empty header fields as no header, and refuses an empty body with its field', () => {
    expect(buildLimitedTimeOfferTemplate({ ...input, headerFormat: '', headerHandle: '' }).components).toEqual(buildLimitedTimeOfferTemplate(input).components);
    expect(refusal({ headerFormat: 'IMAGE', headerHandle: '' })).toEqual(['input.headerHandle', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ body: ' ' })).toEqual(['input.body', 'body must not be empty']);
  });
});
