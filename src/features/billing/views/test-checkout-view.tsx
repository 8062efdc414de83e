import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import type { TestCard, TestCheckout } from '@/domain/billing/billing-dto';
import { renewalTerms } from '@/domain/billing/plans';
import { paths } from '@/domain/routing/paths';
import type { TestCheckoutPageProps } from '@/lib/billing/billing-page-props';
import { Alert, Button, ButtonLink, Stack, cx } from '@/ui';
import { useCompleteTestCheckout } from '../api/billing-queries';
import { BillingPage } from '../components/billing-page';
import { PlanFacts, errorText, priceOf } from '../components/plan-parts';
import { RadioCards } from '../components/radio-cards';
import styles from '../components/billing.module.css';

export const TEST_MODE_BANNER = 'Test mode — this checkout exists only on this server; no real payment is taken';

const TEST_CARD_CHOICES: { value: TestCard; number: string; outcome: string }[] = [
  { value: 'succeeds', number: '4242 4242 4242 4242', outcome: 'pays now and at every renewal' },
  { value: 'fails-at-renewal', number: '4000 0000 0000 0341', outcome: 'pays now, fails at the next renewal' },
  { value: 'declined', number: '4000 0000 0000 0002', outcome: 'declined' },
];

function TestModeBanner() {
  return (
    <p className={styles.testBanner}>
      <strong>{TEST_MODE_BANNER}</strong>
    </p>
  );
}

function OpenCheckout({ checkout }: { checkout: TestCheckout }) {
  const [card, setCard] = useState<TestCard>('succeeds');
  const pay = useCompleteTestCheckout(checkout.checkoutId);
  const { plan } = checkout;
  const trial = checkout.trialDays > 0;
  const leaving = pay.isPending || pay.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    pay.mutate(card);
  }

  return (
    <form onSubmit={submit} aria-label="Test payment" noValidate>
      <Stack gap={5}>
        <div className={styles.summary}>
          <PlanFacts plan={plan} />
          {trial && <p className={styles.trial}>Free for {checkout.trialDays} days</p>}
          {checkout.email && <p className={cx(styles.small, styles.breakAnywhere)}>Paying as {checkout.email}</p>}
        </div>
        <p className={styles.terms}>{renewalTerms({ ...plan, trialDays: checkout.trialDays }, { trial })}</p>
        <RadioCards
          legend="Test card"
          name="test-card"
          value={card}
          onChange={setCard}
          disabled={leaving}
          options={TEST_CARD_CHOICES.map((choice) => ({
            value: choice.value,
            label: (
              <>
                <span className={styles.cardNumber}>{choice.number}</span> — {choice.outcome}
              </>
            ),
          }))}
        />
        {pay.isError && <Alert kind="error">{errorText(pay.error, 'The test payment did not go through.')}</Alert>}
        <Stack gap={3}>
          <Button type="submit" size="lg" fullWidth loading={leaving}>
            {trial ? 'Start free trial' : `Pay ${priceOf(plan)}`}
          </Button>
          <ButtonLink href={checkout.cancelUrl} variant="ghost" fullWidth>
            Cancel
          </ButtonLink>
        </Stack>
      </Stack>
    </form>
  );
}

function ClosedCheckout({ checkout }: { checkout: TestCheckout }) {
  const complete = checkout.status === 'complete';
  return (
    <Stack gap={4}>
      <p>{complete ? 'This checkout is already complete: it has been paid.' : 'This checkout has expired: it was cancelled, declined or left too long. Nothing was charged.'}</p>
      <div className={styles.actions}>
        {complete ? <ButtonLink href={paths.purchaseSuccessful(checkout.checkoutId)}>See your purchase</ButtonLink> : <ButtonLink href={paths.subscribe()}>Choose a plan again</ButtonLink>}
      </div>
    </Stack>
  );
}

/** /web/billing/test-checkout/{id}: the local provider's stand-in for Stripe Checkout. No money moves. */
export default function TestCheckoutView(props: TestCheckoutPageProps) {
  if (props.kind !== 'checkout') {
    return (
      <BillingPage layout="focused" title="There is no such checkout" lead="This test checkout does not exist on this server, or it belongs to another account.">
        <Stack gap={4}>
          <TestModeBanner />
          <p>
            Start again from <Link href={paths.subscribe()}>the plans</Link>, or see your plan in <Link href={paths.billingSettings()}>Settings → Billing</Link>.
          </p>
        </Stack>
      </BillingPage>
    );
  }
  const { checkout } = props;
  return (
    <BillingPage layout="focused" title="Test checkout" lead={`Codetrail Pro ${checkout.plan.name}`}>
      <Stack gap={5}>
        <TestModeBanner />
        {checkout.status === 'open' ? <OpenCheckout checkout={checkout} /> : <ClosedCheckout checkout={checkout} />}
      </Stack>
    </BillingPage>
  );
}
