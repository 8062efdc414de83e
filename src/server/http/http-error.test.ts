import { isHttpError, notFound, type HttpError } from './http-error';

describe('isHttpError', () => {
  it.each([
    [notFound('gone'), undefined, true],
    [notFound('gone'), 404, true],
    [notFound('gone'), 409, false],
    [Object.assign(new Error('from another bundle'), { name: 'HttpError', status: 404 }), 404, true],
    [new Error('plain'), undefined, false],
    [{ name: 'HttpError', status: 404 }, 404, false],
    [null, undefined, false],
  ])('%p (%p) → %p', (error, status, expected) => {
    expect(isHttpError(error, status as HttpError['status'] | undefined)).toBe(expected);
  });
});
