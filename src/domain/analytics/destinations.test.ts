import { analyticsDestinationsFrom, analyticsPolicySources, configuredDestinations, DEFAULT_MIXPANEL_API_HOST } from './destinations';

describe('analyticsDestinationsFrom', () => {
  it('configures nothing by default', () => {
    const { destinations, problems } = analyticsDestinationsFrom({});
    expect(destinations).toEqual({ mixpanel: null, gtm: null, pixel: null });
    expect(problems).toEqual([]);
    expect([...configuredDestinations(destinations, { emailTracker: false })]).toEqual(['collector']);
    expect(analyticsPolicySources(destinations)).toEqual({ script: [], connect: [], img: [] });
  });

  it('reads every service', () => {
    const { destinations, problems } = analyticsDestinationsFrom({ NEXT_PUBLIC_MIXPANEL_TOKEN: 'abc123def456', NEXT_PUBLIC_GTM_ID: 'GTM-AB12CD', NEXT_PUBLIC_AD_PIXEL_URL: 'https://px.ads.example/collect?id=7' });
    expect(problems).toEqual([]);
    expect(destinations.mixpanel).toEqual({ token: 'abc123def456', apiHost: DEFAULT_MIXPANEL_API_HOST });
    expect([...configuredDestinations(destinations, { emailTracker: true })].sort()).toEqual(['collector', 'email_tracker', 'gtm', 'mixpanel', 'pixel']);
    expect(analyticsPolicySources(destinations)).toEqual({
      script: ['https://www.googletagmanager.com'],
      connect: ['https://api-js.mixpanel.com', 'https://www.googletagmanager.com'],
      img: ['https://www.googletagmanager.com', 'https://px.ads.example'],
    });
  });

  it.each([
    [{ NEXT_PUBLIC_MIXPANEL_TOKEN: 'x y' }, /MIXPANEL_TOKEN/],
    [{ NEXT_PUBLIC_MIXPANEL_TOKEN: 'abc123def456', NEXT_PUBLIC_MIXPANEL_API_HOST: 'http://tracker.example' }, /MIXPANEL_API_HOST/],
    [{ NEXT_PUBLIC_GTM_ID: 'UA-1234' }, /GTM_ID/],
    [{ NEXT_PUBLIC_AD_PIXEL_URL: 'javascript:alert(1)' }, /AD_PIXEL_URL/],
  ])('refuses a wrong value %#', (env, problem) => {
    const { problems, destinations } = analyticsDestinationsFrom(env);
    expect(problems).toEqual([expect.stringMatching(problem)]);
    expect(Object.values(destinations).every((value) => value === null)).toBe(true);
  });

  it('allows http on loopback for local receivers', () => {
    expect(analyticsDestinationsFrom({ NEXT_PUBLIC_MIXPANEL_TOKEN: 'abc123def456', NEXT_PUBLIC_MIXPANEL_API_HOST: 'http://127.0.0.1:3197/' }).destinations.mixpanel?.apiHost).toBe('http://127.0.0.1:3197');
  });
});
