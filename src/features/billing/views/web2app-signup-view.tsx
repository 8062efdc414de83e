import Head from 'next/head';
import { LazySignUpOrIn } from '@/features/auth';
import type { Web2appSignupPageProps } from '@/lib/billing/billing-page-props';

/**
 * /web2app/signup: a learner from the mobile app makes an account (or signs in to theirs) on the
 * web, then goes on to `next` (/web2app/subscribe). The forms and the session are auth's own.
 */
export default function Web2appSignupView({ next }: Web2appSignupPageProps) {
  return (
    <>
      <Head>
        <title>Create your account · Codetrail</title>
      </Head>
      <LazySignUpOrIn destination={next} title="Create your Codetrail account" subtitle="One account for the app and the web. Next you choose your Pro plan, then you finish in the app." />
    </>
  );
}
