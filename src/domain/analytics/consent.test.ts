import { allows, consentApplied, consentFromCookie, consentOf, consentSavedMessage, CONSENT_REVISION, NO_CONSENT } from './consent';

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

describe('consentApplied and its confirmation', () => {
  it.each<[string, readonly string[] | null, boolean, string, string]>([
    ['necessary only', [], false, 'off', 'Saved: necessary cookies only. Analytics and experiments are off.'],
    ['no answer (or expired)', null, false, 'off', 'Saved: necessary cookies only. Analytics and experiments are off.'],
    ['necessary only, signed in', [], true, 'account', 'Saved: necessary cookies only. Analytics is off. While you are signed in, experiments follow your account, not a cookie.'],
    ['marketing only', ['marketing'], false, 'off', 'Saved: marketing is on, analytics and experiments are off.'],
    ['marketing only, signed in', ['marketing'], true, 'account', 'Saved: marketing is on, analytics is off. While you are signed in, experiments follow your account, not a cookie.'],
    ['analytics only', ['analytics'], false, 'on', 'Saved: analytics and experiments are on, marketing is off.'],
    ['all', ['analytics', 'marketing'], true, 'on', 'Saved: all cookies allowed. Analytics, experiments and marketing are on.'],
  ])('%s', (_, categories, signedIn, experiments, message) => {
    const applied = consentApplied(categories ? consentOf(categories) : NO_CONSENT, signedIn);
    expect(applied.experiments).toBe(experiments);
    expect(consentSavedMessage(applied)).toBe(message);
  });
});
