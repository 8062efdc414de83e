import { useState } from 'react';
import type { BillingOverview, PaymentDto } from '@/domain/billing/billing-dto';
import { paths } from '@/domain/routing/paths';
import { Alert, Button, ButtonLink, Card, LoadError } from '@/ui';
import { useBillingOverview, useCancelSubscription, useOpenPortal, useRefundPayment, useResumeSubscription } from '../api/billing-queries';
import { errorText, formatDay, priceOf, pricePerInterval } from './plan-parts';
import styles from './billing.module.css';

const RECEIPT_COLUMNS = ['Date', 'Period', 'Amount', 'Status', 'Receipt', 'Refund'] as const;

const STATUS_LABEL: Record<PaymentDto['status'], string> = { paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };

/** A question with its two answers, where the action that asks it was. */
function Confirm({ id, question, yes, no, onYes, onNo, busy }: { id: string; question: string; yes: string; no: string; onYes: () => void; onNo: () => void; busy: boolean }) {
  return (
    <div className={styles.confirm} role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className={styles.row}>
        <Button variant="danger" size="sm" onClick={onYes} loading={busy} autoFocus>
          {yes}
        </Button>
        <Button variant="ghost" size="sm" onClick={onNo} disabled={busy}>
          {no}
        </Button>
      </div>
    </div>
  );
}

/** Every date here is a day the server decided (overview.days, one rule for all of them). */
function PlanState({ overview }: { overview: BillingOverview }) {
  const { entitlement, subscription, days } = overview;
  const plan = overview.plans.find((candidate) => candidate.id === (entitlement.planId ?? subscription?.planId)) ?? null;
  const planLine = plan ? `Codetrail Pro ${plan.name}` : 'Codetrail Pro';
  const subscribe = (
    <div className={styles.actions}>
      <ButtonLink href={paths.subscribe(paths.settings(), 'settings')}>See Pro plans</ButtonLink>
    </div>
  );

  switch (entitlement.state) {
    case 'free':
      return (
        <>
          <p className={styles.planLine}>Free plan</p>
          <p className={styles.muted}>The first section of every track is yours for free. Pro opens everything else.</p>
          {subscribe}
        </>
      );
    case 'ended':
      return (
        <>
          <p className={styles.planLine}>Free plan</p>
          <p className={styles.muted}>{days.endedOn ? `Your Pro plan ended on ${formatDay(days.endedOn)}.` : 'Your Pro plan has ended.'}</p>
          {subscribe}
        </>
      );
    case 'cancelling':
      return (
        <>
          <p className={styles.planLine}>{planLine}</p>
          <p className={styles.muted}>Pro until {formatDay(days.accessEndsOn)}, then it stops.</p>
        </>
      );
    case 'trialing':
    case 'active':
    case 'grace':
    case 'lapsed':
      return (
        <>
          {entitlement.notice && <Alert kind={entitlement.state === 'lapsed' ? 'error' : 'warning'}>{entitlement.notice}</Alert>}
          <p className={styles.planLine}>
            {planLine}
            {entitlement.state === 'trialing' && <span className={styles.pill}>Free trial</span>}
          </p>
          <p className={styles.muted}>
            {plan && `${pricePerInterval(plan)}${entitlement.state === 'trialing' ? ' after the trial' : ''}. `}
            {days.chargeOn
              ? entitlement.state === 'trialing'
                ? `First charge on ${formatDay(days.chargeOn)}; we remind you on ${formatDay(days.reminderOn)}.`
                : `Renews on ${formatDay(days.chargeOn)}.`
              : entitlement.pro && days.accessEndsOn
                ? `Pro until ${formatDay(days.accessEndsOn)}.`
                : ''}
          </p>
        </>
      );
  }
}

function Receipts({ payments }: { payments: PaymentDto[] }) {
  const refund = useRefundPayment();
  const [asking, setAsking] = useState<PaymentDto | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function confirmRefund(payment: PaymentDto) {
    setDone(null);
    refund.mutate(payment.id, {
      onSuccess: () => {
        setAsking(null);
        setDone(`Refunded ${priceOf(payment)}.`);
      },
    });
  }

  return (
    <section aria-labelledby="receipts-heading" className={styles.receipts}>
      <h3 id="receipts-heading" className={styles.subTitle}>
        Receipts
      </h3>
      {/* Scrolls sideways on a phone rather than squeezing the columns; focusable so keys can scroll it. */}
      {/* Its own name: two regions both called "Receipts" are one landmark too many (axe landmark-unique). */}
      <div className={styles.tableScroll} role="region" aria-label="Receipts table" tabIndex={0}>
        <table className={styles.table} role="table">
          <thead role="rowgroup">
            <tr role="row">
              {RECEIPT_COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {payments.map((payment) => (
              <tr key={payment.id} role="row">
                <td role="cell" data-label="Date" className={styles.nowrap}>{formatDay(payment.paidOn ?? payment.periodStartOn, 'short')}</td>
                <td role="cell" data-label="Period">
                  {payment.periodStartOn && payment.periodEndOn ? (
                    <span>
                      <span className={styles.nowrap}>{formatDay(payment.periodStartOn, 'short')}</span> – <span className={styles.nowrap}>{formatDay(payment.periodEndOn, 'short')}</span>
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td role="cell" data-label="Amount" className={styles.nowrap}>{priceOf(payment)}</td>
                <td role="cell" data-label="Status" className={styles.nowrap}>
                  <span>
                    <span className={styles.status} data-status={payment.status}>
                      {STATUS_LABEL[payment.status]}
                    </span>
                    {payment.refundedOn && <span className={styles.small}> {formatDay(payment.refundedOn, 'short')}</span>}
                  </span>
                </td>
                <td role="cell" data-label="Receipt" className={styles.nowrap}>
                  {payment.receiptUrl ? (
                    <a href={payment.receiptUrl} target="_blank" rel="noreferrer">
                      {payment.number ?? 'Receipt'}
                      <span className="visually-hidden"> (receipt, opens in a new tab)</span>
                    </a>
                  ) : (
                    <span>{payment.number ?? '—'}</span>
                  )}
                </td>
                <td role="cell" data-label="Refund" className={styles.refundCell}>
                  {payment.refundable ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setAsking(payment)}
                      disabled={refund.isPending}
                      aria-expanded={asking?.id === payment.id}
                      aria-controls={asking?.id === payment.id ? 'refund-question' : undefined}
                      aria-label={`Refund ${priceOf(payment)} paid on ${formatDay(payment.paidOn)}`}
                    >
                      Refund
                    </Button>
                  ) : (
                    <span className={styles.small}>{payment.refundNote ?? '—'}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Under the table, full width: a question squeezed into a cell is hard to read on a phone. */}
      {asking && (
        <Confirm
          id="refund-question"
          question={`Refund ${priceOf(asking)}? Pro ends now.`}
          yes={`Refund ${priceOf(asking)}`}
          no="Keep it"
          busy={refund.isPending}
          onYes={() => confirmRefund(asking)}
          onNo={() => setAsking(null)}
        />
      )}
      {done && <Alert kind="success">{done}</Alert>}
      {refund.isError && <Alert kind="error">{errorText(refund.error, 'The payment could not be refunded.')}</Alert>}
    </section>
  );
}

function SubscriptionActions({ overview }: { overview: BillingOverview }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useOpenPortal();
  const [asking, setAsking] = useState(false);
  const { entitlement, subscription, days } = overview;
  const cancellable = subscription !== null && !subscription.cancelAtPeriodEnd && ['trialing', 'active', 'grace', 'lapsed'].includes(entitlement.state);
  const resumable = entitlement.state === 'cancelling';
  // The same day the plan renews on, and the one "Pro until" shows after the cancel (billingDays).
  const consequence = entitlement.pro && days.accessEndsOn ? `You keep Pro until ${formatDay(days.accessEndsOn)}. Nothing more is charged.` : 'Nothing more is charged.';
  const problem = cancel.error ?? resume.error ?? portal.error;
  // One answer at a time: an older action's error or thanks must not stand next to a new one.
  const fresh = () => [cancel, resume, portal].forEach((mutation) => mutation.reset());

  if (!cancellable && !resumable && !overview.portal) return null;
  return (
    <>
      {problem && <Alert kind="error">{errorText(problem, 'That did not work. Try again.')}</Alert>}
      {resume.isSuccess && !resumable && <Alert kind="success">Your subscription continues. Thank you for staying!</Alert>}
      {cancel.isSuccess && resumable && <Alert kind="success">Your subscription is cancelled. {consequence}</Alert>}
      {asking && cancellable ? (
        <Confirm
          id="cancel-subscription-question"
          question={`Cancel your subscription? ${consequence}`}
          yes="Cancel subscription"
          no="Keep it"
          busy={cancel.isPending}
          onYes={() => {
            fresh();
            cancel.mutate(undefined, { onSuccess: () => setAsking(false) });
          }}
          onNo={() => setAsking(false)}
        />
      ) : (
        <div className={styles.actions}>
          {resumable && (
            <Button
              onClick={() => {
                fresh();
                resume.mutate();
              }}
              loading={resume.isPending}
            >
              Keep my subscription
            </Button>
          )}
          {overview.portal && (
            <Button
              variant="secondary"
              onClick={() => {
                fresh();
                portal.mutate();
              }}
              loading={portal.isPending || portal.isSuccess}
            >
              Manage payment method
            </Button>
          )}
          {cancellable && (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              Cancel subscription
            </Button>
          )}
        </div>
      )}
    </>
  );
}

/** Settings → Billing: the plan and its state, cancelling and resuming, the receipts and refunds. */
export function BillingSection() {
  const overview = useBillingOverview();
  const data = overview.data;
  return (
    <Card as="section" id="billing" aria-labelledby="billing-heading" className={styles.section}>
      <h2 id="billing-heading" className={styles.sectionTitle}>
        Billing
      </h2>
      {overview.isPending && <p className={styles.muted}>Loading your plan…</p>}
      {overview.isError && <LoadError message={errorText(overview.error, 'Your plan could not be loaded.')} onRetry={() => void overview.refetch()} />}
      {data && (
        <div className={styles.sectionBody}>
          <PlanState overview={data} />
          <SubscriptionActions overview={data} />
          {data.payments.length > 0 && <Receipts payments={data.payments} />}
        </div>
      )}
    </Card>
  );
}
