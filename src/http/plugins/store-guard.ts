import type { BaseContext } from '@apollo/server';
import { refuseWriteWhileStoreStalled, type StoreHealth } from '../../store/store-guard.js';
import type { StepPlugin } from './step-plugin.js';

/** The pipeline's store-guard step over HTTP: a mutation is refused before any resolver while Redis is stalled. */
export function storeGuardPlugin(services: StoreHealth): StepPlugin<BaseContext> {
  return {
    requestDidStart() {
      return {
        didResolveOperation: ({ operation }) => (operation ? refuseWriteWhileStoreStalled(services, operation.operation) : undefined),
      };
    },
  };
}
