import { BadUserInputError } from '../errors.js';
import type { LimitedTimeOfferTemplateInput } from '../generated/graphql.js';
import { isHttpUrl } from './send-message.js';

type Json = Record<string, unknown>;

const HEADER_FORMATS = new Set(['image', 'video']);

function required(value: string | null | undefined, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new BadUserInputError(`${field} must not be empty`, `input.${field}`);
  return value;
}

/** Distinct `{{n}}` variables of a text, which must be numbered 1..n. */
function variableCount(text: string, field: string): number {
  const numbers = [...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
  if (numbers.some((number, index) => number !== index + 1)) {
    throw new BadUserInputError(`the variables of ${field} must be numbered {{1}}, {{2}}, ... without gaps`, `input.${field}`);
  }
  return numbers.length;
}

/**
 * B2 create body (cloud only): category marketing; header optional, limited_time_offer and body
 * required, buttons with the copy_code button first (required when hasExpiration) and the url
 * button always; no footer exists in the input, so none can be sent.
 */
export function buildLimitedTimeOfferTemplate(input: LimitedTimeOfferTemplateInput): Json {
  const name = required(input.name, 'name');
  const language = required(input.language, 'language');
  const components: Json[] = [];

  const hasFormat = typeof input.headerFormat === 'string' && input.headerFormat !== '';
  const hasHandle = typeof input.headerHandle === 'string' && input.headerHandle !== '';
  if (hasFormat !== hasHandle) {
    throw new BadUserInputError('a header needs both headerFormat and headerHandle', `input.${hasFormat ? 'headerHandle' : 'headerFormat'}`);
  }
  if (hasFormat) {
    const format = input.headerFormat!.toLowerCase();
    if (!HEADER_FORMATS.has(format)) throw new BadUserInputError('headerFormat must be IMAGE or VIDEO', 'input.headerFormat');
    components.push({ type: 'header', format, example: { header_handle: [input.headerHandle] } });
  }

  components.push({
    type: 'limited_time_offer',
    limited_time_offer: { text: required(input.offerText, 'offerText'), has_expiration: input.hasExpiration },
  });

  const body = required(input.body, 'body');
  const variables = variableCount(body, 'body');
  const examples = input.bodyExamples ?? [];
  if (examples.length !== variables) {
    throw new BadUserInputError(`body has ${variables} variable(s); bodyExamples must give exactly one example each`, 'input.bodyExamples');
  }
  examples.forEach((example, index) => required(example, `bodyExamples.${index}`));
  components.push({ type: 'body', text: body, ...(variables > 0 && { example: { body_text: [examples] } }) });

  const buttons: Json[] = [];
  const hasCopyCode = typeof input.copyCodeExample === 'string' && input.copyCodeExample !== '';
  if (input.hasExpiration && !hasCopyCode) {
    throw new BadUserInputError('copyCodeExample is required when hasExpiration is true', 'input.copyCodeExample');
  }
  if (hasCopyCode) buttons.push({ type: 'copy_code', example: input.copyCodeExample });

  const url = required(input.url, 'url');
  if (!isHttpUrl(url)) throw new BadUserInputError('url must be an http:// or https:// URL', 'input.url');
  const urlVariables = variableCount(url, 'url');
  const hasUrlExample = typeof input.urlExample === 'string' && input.urlExample !== '';
  if (urlVariables > 1) throw new BadUserInputError('url may contain at most one variable ({{1}})', 'input.url');
  if (urlVariables === 1 && !hasUrlExample) throw new BadUserInputError('url has a variable: urlExample is required', 'input.urlExample');
  if (urlVariables === 0 && hasUrlExample) throw new BadUserInputError('urlExample needs a {{1}} variable in url', 'input.urlExample');
  buttons.push({
    type: 'url',
    text: required(input.urlButtonText, 'urlButtonText'),
    url,
    ...(hasUrlExample && { example: [input.urlExample] }),
  });
  components.push({ type: 'buttons', buttons });

  return { name, language, category: 'marketing', components };
}
