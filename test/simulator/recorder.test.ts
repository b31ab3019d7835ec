import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import { RequestRecorder } from '../../simulator/recorder.js';

describe("the simulator's request recorder", () => {
  it('keeps the latest requests only, oldest dropped first, never more than its capacity and a quarter', () => {
    const recorder = new RequestRecorder(8);
    const record = recorder.middleware();
    for (let index = 0; index < 100; index += 1) {
      record(
        { method: 'GET', path: `/r/${index}`, query: {}, headers: {}, body: undefined } as unknown as Request,
        {} as Response,
        (() => undefined) as NextFunction,
      );
      expect(recorder.requests.length).toBeLessThanOrEqual(10);
    }
    expect(recorder.requests.at(-1)?.path).toBe('/r/99');
    expect(recorder.requests.map((request) => request.path)).toEqual(
      Array.from({ length: recorder.requests.length }, (_, index) => `/r/${100 - recorder.requests.length + index}`),
    );
  });
});
