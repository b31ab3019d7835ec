import { describe, expect, it } from '@jest/globals';
import { ApolloServer, type BaseContext } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { stepsPlugin, type StepPlugin } from '../../src/http/plugins/step-plugin.js';
import { singleResult } from '../support/single-result.js';

const typeDefs = 'type Query { hello: String, other: String }';
const resolvers = { Query: { hello: () => 'world', other: () => 'value' } };

/** Runs `query` through an Apollo Server whose only plugin is `steps` as one stepsPlugin. */
async function run(steps: StepPlugin<BaseContext>[], query = '{ hello }') {
  const apollo = new ApolloServer({ typeDefs, resolvers, plugins: [stepsPlugin(steps)] });
  try {
    return singleResult(await apollo.executeOperation({ query }));
  } finally {
    await apollo.stop();
  }
}

describe("the steps' HTTP hooks as one Apollo plugin", () => {
  it("calls each step's hooks in the steps' order, waiting for the ones that return a promise", async () => {
    const calls: string[] = [];
    const step = (name: string): StepPlugin<BaseContext> => ({
      requestDidStart: () => {
        calls.push(`${name} start`);
        return {
          didResolveOperation: async () => {
            await new Promise((resolve) => setTimeout(resolve, name === 'first' ? 20 : 0));
            calls.push(`${name} resolved`);
          },
          willSendResponse: () => {
            calls.push(`${name} answer`);
          },
        };
      },
    });
    const result = await run([step('first'), { requestDidStart: () => undefined }, step('second')]);
    expect(result.data).toEqual({ hello: 'world' });
    expect(calls).toEqual(['first start', 'second start', 'second resolved', 'first resolved', 'first answer', 'second answer']);
  });

  it('calls every step whatever an earlier one threw, and refuses the operation with the first failure', async () => {
    const calls: string[] = [];
    const result = await run([
      {
        requestDidStart: () => ({
          didResolveOperation: () => {
            calls.push('first');
            throw new GraphQLError('refused by the first', { extensions: { code: 'FIRST' } });
          },
        }),
      },
      {
        requestDidStart: () => ({
          didResolveOperation: async () => {
            calls.push('second');
            throw new GraphQLError('refused by the second', { extensions: { code: 'SECOND' } });
          },
        }),
      },
    ]);
    expect(calls).toEqual(['first', 'second']);
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['FIRST']);
  });

  it("refuses with the earlier step's failure even when a later step fails first", async () => {
    const result = await run([
      {
        requestDidStart: () => ({
          didResolveOperation: async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new GraphQLError('refused by the first, later', { extensions: { code: 'FIRST' } });
          },
        }),
      },
      {
        requestDidStart: () => ({
          didResolveOperation: () => {
            throw new GraphQLError('refused by the second, at once', { extensions: { code: 'SECOND' } });
          },
        }),
      },
    ]);
    expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['FIRST']);
  });

  it("watches each field for the steps that ask, and ends a field's watchers last started first", async () => {
    const ends: string[] = [];
    const watcher = (name: string): StepPlugin<BaseContext> => ({
      requestDidStart: () => ({
        executionDidStart: () => ({
          willResolveField:
            ({ info }) =>
            () => {
              ends.push(`${name} ${info.fieldName}`);
            },
        }),
      }),
    });
    const quiet: StepPlugin<BaseContext> = { requestDidStart: () => ({ executionDidStart: () => ({ executionDidEnd: async () => undefined }) }) };
    await run([watcher('first'), quiet, watcher('second')], '{ hello other }');
    expect(ends).toEqual(['second hello', 'first hello', 'second other', 'first other']);
  });
});
