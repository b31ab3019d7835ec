import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../../context.js';
import { withFieldErrors } from '../field-errors.js';

/** The pipeline's field-errors step over HTTP: errors reported beside a value join the answer's, one per input path. */
export function fieldErrorsPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          const errors = withFieldErrors(response.body.singleResult.errors, contextValue.fieldErrors);
          if (errors) response.body.singleResult.errors = errors;
        },
      };
    },
  };
}
