import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

export type OperationOutcome = 'success' | 'partial' | 'error' | 'rejected';

/** What an operation's observer reads of its request's context, over HTTP and WebSocket alike. */
export interface ObservedContext {
  requestId: string;
  logger: Logger;
  /** Names the operation in the request's logger once it is known. */
  bindOperation(operation: string): void;
}

/** One finished operation, as its log line and metric tell it. */
export interface FinishedOperation {
  requestId: string;
  /** The metric's label of the operation's name (Metrics.operationLabel). */
  operation: string;
  type: string;
  startedAt: number;
  /** Whether execution started: an operation refused before it is `rejected` whatever its errors. */
  executed: boolean;
  data: unknown;
  errors: readonly GraphQLFormattedError[] | undefined;
}

function outcomeOf(data: unknown, errors: readonly GraphQLFormattedError[] | undefined, executed: boolean): OperationOutcome {
  if (!executed) return 'rejected';
  if (!errors?.length) return 'success';
  return data ? 'partial' : 'error';
}

/**
 * One log line and one metric per GraphQL operation, labelled with the operation name, written by
 * both transports (http/plugins/observability.ts over HTTP, the pipeline's WebSocket hooks over
 * graphql-ws). Error codes are logged, variables never are (they may hold phone numbers or message text).
 */
export class OperationRecorder {
  private readonly lines: Logger;

  constructor(
    private readonly metrics: Metrics,
    logger: Logger,
  ) {
    // The operation line holds only fields set here (ids, names, codes, a duration), never a
    // credential, so it skips pino's redaction, which cost ~14 µs per line (more than the line itself).
    this.lines = logger.child({}, { redact: { paths: [] } });
  }

  record(finished: FinishedOperation): void {
    const { requestId, operation, type, errors } = finished;
    const outcome = outcomeOf(finished.data, errors, finished.executed);
    this.metrics.graphqlOperations.inc({ operation, type, outcome });
    const codes = errors?.map((error) => error.extensions?.code ?? 'UNKNOWN');
    // Explicit fields rather than the request's logger: no per-request child logger is built for it.
    this.lines.info(
      { requestId, operation, type, outcome, durationMs: Date.now() - finished.startedAt, ...(codes && { errorCodes: codes }) },
      'graphql operation',
    );
  }

  /** Errors that carry no code of the gateway's are unexpected (masked when formatted): logged whole, with their path. */
  logUnexpected(logger: Logger, errors: readonly GraphQLError[]): void {
    for (const error of errors) {
      if (error.extensions?.code || !error.originalError || error.originalError instanceof GraphQLError) continue;
      logger.error({ err: error.originalError ?? error, path: error.path }, 'unexpected error in a GraphQL operation');
    }
  }
}
