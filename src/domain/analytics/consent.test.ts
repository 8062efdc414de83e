import { allows, consentFromCookie, consentOf, CONSENT_REVISION } from './consent';

const record = (value: unknown) => JSON.stringify(value);

describe('consentFromCookie', () => {
  it.each([
    ['no cookie', undefined, false, ['necessary']],
    ['empty', '', false, ['necessary']],
    ['not JSON', 'yes', false, ['necessary']],
    ['a JSON array', '["analytics"]', false, ['necessary']],
    ['another revision', record({ revision: CONSENT_REVISION + 1, categories: ['analytics'] }), false, ['necessary']],
    ['categories not a list', record({ revision: CONSENT_REVISION, categories: 'analytics' }), false, ['necessary']],
    ['necessary only', record({ revision: CONSENT_REVISION, categories: ['necessary'] }), true, ['necessary']],
    ['analytics', record({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics'] }), true, ['necessary', 'analytics']],
    ['all, URL-encoded', encodeURIComponent(record({ revision: CONSENT_REVISION, categories: ['necessary', 'analytics', 'marketing'] })), true, ['necessary', 'analytics', 'marketing']],
    ['unknown categories ignored', record({ revision: CONSENT_REVISION, categories: ['ads', 7, 'marketing'] }), true, ['necessary', 'marketing']],
    ['broken escape', '%E0%A4%A', false, ['necessary']],
  ])('%s', (_, cookie, decided, granted) => {
    const consent = consentFromCookie(cookie);
    expect(consent.decided).toBe(decided);
    expect([...consent.granted].sort()).toEqual([...granted].sort());
  });

  it('never lets necessary be refused', () => {
    expect(allows(consentOf([]), 'necessary')).toBe(true);
    expect(allows(consentOf(['analytics']), 'marketing')).toBe(false);
  });
});
