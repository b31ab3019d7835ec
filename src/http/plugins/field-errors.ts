import type { Context } from '../../context.js';
import { withFieldErrors } from '../field-errors.js';
import type { StepPlugin } from './step-plugin.js';

/** The pipeline's field-errors step over HTTP: errors reported beside a value join the answer's, one per input path. */
export function fieldErrorsPlugin(): StepPlugin<Context> {
  return {
    requestDidStart() {
      return {
        willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const errors = withFieldErrors(response.body.singleResult.errors, contextValue.fieldErrors);
          if (errors) response.body.singleResult.errors = errors;
        },
      };
    },
  };
}
