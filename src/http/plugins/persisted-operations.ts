import type { BaseContext } from '@apollo/server';
import type { Metrics } from '../../observability/metrics.js';
import type { StepPlugin } from './step-plugin.js';
import { notInList, type PersistedOperations, type PersistedOutcome, type PersistedQueryExtension } from '../persisted-operations.js';

/**
 * Trusted documents over HTTP: a listed id's text replaces the request's before any other plugin
 * looks at it; with PERSISTED_OPERATIONS_ONLY anything else is refused once resolved, before execution.
 */
export function persistedOperationsPlugin(manifest: PersistedOperations, metrics: Metrics): StepPlugin<BaseContext> {
  const count = (outcome: PersistedOutcome) => metrics.persistedOperations.inc({ outcome });
  return {
    requestDidStart: ({ request }) => {
      const id = (request.extensions as PersistedQueryExtension | undefined)?.persistedQuery?.sha256Hash;
      const operation = manifest.listed(id, request.query);
      if (operation || manifest.hasId(id)) {
        // No APQ registration or hash check of an id that need not be a sha256: a listed id runs
        // its listed text; another text under a listed id is a text like any other.
        const { persistedQuery: _persistedQuery, ...extensions } = request.extensions as Record<string, unknown>;
        request.extensions = extensions;
      }
      // The manifest served or matched this request, so the refusal hook lets it through.
      let listed = false;
      if (operation) {
        request.query = operation.body;
        listed = true;
        count('listed');
      } else if (id === undefined && request.query !== undefined && manifest.hasText(request.query)) {
        listed = true;
        count('listed');
      }
      return {
        didResolveOperation: () => {
          if (listed) return;
          if (manifest.only) {
            count('refused');
            throw notInList();
          }
          count('unlisted');
        },
        didEncounterErrors: ({ errors }) => {
          if (errors.some((error) => error.extensions.code === 'PERSISTED_QUERY_NOT_FOUND')) count('unknown');
        },
      };
    },
  };
}
