import { useEffect } from 'react';
import { trackOnce } from './track';

/**
 * Sends `experiment_exposure` for the experiments a server-rendered page exposed the learner to,
 * once per experiment and variant per tab session (the exposure log itself is kept on the server,
 * once per learner, whatever the consent: this is the analytics copy).
 */
export function useExposureEvents(exposures: readonly { experiment: string; variant: string }[] | undefined): void {
  const key = (exposures ?? []).map((exposure) => `${exposure.experiment}=${exposure.variant}`).join('&');
  useEffect(() => {
    for (const pair of key ? key.split('&') : []) {
      const [experiment = '', variant = ''] = pair.split('=');
      void trackOnce(`exposure:${pair}`, 'experiment_exposure', { experiment, variant });
    }
  }, [key]);
}
