import { paths } from '@/domain/routing/paths';
import type { Web2appSuccessPageProps } from '@/lib/billing/billing-page-props';
import { ButtonLink, Stack, buttonClassName } from '@/ui';
import { BillingPage } from '../components/billing-page';
import styles from '../components/billing.module.css';

/** /web2app/success: back to the mobile app, by the link the server checked (never one made here). */
export default function Web2appSuccessView({ appLink, pro, planName }: Web2appSuccessPageProps) {
  const lead = pro ? (planName ? `Your Codetrail Pro ${planName} plan is active.` : 'Codetrail Pro is active.') : 'We are still confirming your purchase. It will appear in the app shortly.';
  return (
    <BillingPage layout="focused" policy="public" title="You're all set" lead={lead}>
      <Stack gap={4}>
        <p className={styles.centered}>Go back to the Codetrail app to keep learning{pro ? ' with Pro' : ''}.</p>
        {/* A plain anchor: the app's scheme or universal link is for the operating system, not the router. */}
        <a href={appLink} className={buttonClassName({ size: 'lg', fullWidth: true })}>
          Open the Codetrail app
        </a>
        <ButtonLink href={paths.redirectToActiveSection()} variant="ghost" fullWidth>
          Keep learning on the web
        </ButtonLink>
      </Stack>
    </BillingPage>
  );
}
