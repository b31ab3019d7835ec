import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { refuseWriteWhileStoreStalled, type StoreHealth } from '../../store/store-guard.js';

/** The pipeline's store-guard step over HTTP: a mutation is refused before any resolver while Redis is stalled. */
export function storeGuardPlugin(services: StoreHealth): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation) await refuseWriteWhileStoreStalled(services, operation.operation);
        },
      };
    },
  };
}
