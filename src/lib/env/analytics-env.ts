import { analyticsDestinationsFrom } from '@/domain/analytics/destinations';

/**
 * The analytics services the browser may send to (all off by default; next.config.js refuses a
 * build with a wrong value). Apart from publicEnv so only the lazily loaded dispatcher carries it.
 */
export const analyticsEnv = analyticsDestinationsFrom({
  NEXT_PUBLIC_MIXPANEL_TOKEN: process.env.NEXT_PUBLIC_MIXPANEL_TOKEN,
  NEXT_PUBLIC_MIXPANEL_API_HOST: process.env.NEXT_PUBLIC_MIXPANEL_API_HOST,
  NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID,
  NEXT_PUBLIC_AD_PIXEL_URL: process.env.NEXT_PUBLIC_AD_PIXEL_URL,
}).destinations;
