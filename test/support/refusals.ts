import { BadUserInputError, BadUserInputErrors } from '../../src/errors.js';

/** Every input refusal of one call as [field, message], in order; [] when it accepted. Other errors are thrown on. */
export function refusals(run: () => unknown): Array<[string, string]> {
  try {
    run();
  } catch (error) {
    if (error instanceof BadUserInputErrors) return error.problems.map((problem) => [problem.field, problem.message]);
    if (error instanceof BadUserInputError) return [[error.field, error.message]];
    throw error;
  }
  return [];
}

/** The field and message of a rule's refusal, or undefined when it accepted. */
export function refusalOf(run: () => unknown): [string, string] | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof BadUserInputError) return [error.field, error.message];
    throw error;
  }
  return undefined;
}

export const fieldOf = (run: () => unknown): string | undefined => refusalOf(run)?.[0];
