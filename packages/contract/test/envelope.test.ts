import { describe, expect, it } from 'vitest';
import { ResponseCode, STATUS_TEXT, SUCCESS_CODES, isSuccessCode, statusText } from '../src/index.ts';

describe('isSuccessCode', () => {
  it.each([200, 0, '200', '0'])('%j is success', (code) => expect(isSuccessCode(code)).toBe(true));
  it.each([201, 204, 400, 401, 402, 405, 500, '401', '', ' 200', '00', null, undefined, false, true, 200.5])('%j is not', (code) =>
    expect(isSuccessCode(code)).toBe(false),
  );
  it('lists exactly the four codes of SPEC §8', () => expect([...SUCCESS_CODES]).toEqual([200, 0, '200', '0']));
});

describe('status text table (SPEC §8)', () => {
  it('has exactly the values of the table', () => {
    expect(STATUS_TEXT).toEqual({
      200: 'ok',
      201: 'created',
      202: 'queued',
      204: 'deleted',
      400: 'bad info',
      401: 'no permission / token invalid / wrong credentials / expired',
      402: 'token expired',
      403: 'forbidden',
      404: 'not found',
      405: 'token about to expire',
      406: 'format unavailable',
      410: 'permanently deleted',
      500: 'server error',
      502: 'gateway',
      503: 'unavailable',
      504: 'gateway timeout',
    });
  });
  it('statusText looks codes up as numbers or strings', () => {
    expect(statusText(402)).toBe('token expired');
    expect(statusText('504')).toBe('gateway timeout');
  });
  it('statusText has a fallback for codes outside the table', () => {
    expect(statusText(418)).toBe('error 418');
    expect(statusText('weird')).toBe('error weird');
  });
});

describe('ResponseCode', () => {
  it('names the codes the client acts on', () => {
    expect(ResponseCode.unauthorized).toBe(401);
    expect(ResponseCode.tokenExpired).toBe(402);
    expect(ResponseCode.tokenExpiring).toBe(405);
    expect(ResponseCode.conflict).toBe(409);
  });
});
