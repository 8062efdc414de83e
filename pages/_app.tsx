import '@/lib/zod-without-eval';
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import '@/ui/styles/tokens.css';
import '@/ui/styles/global.css';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { AppProviders } from '@/app/app-providers';
import { RootErrorBoundary } from '@/app/root-error-boundary';

export default function CodetrailApp({ Component, pageProps }: AppProps<{ userSerialized?: string }>) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Codetrail — learn to code, a few minutes a day</title>
      </Head>
      <RootErrorBoundary>
        <AppProviders userSerialized={pageProps.userSerialized}>
          <Component {...pageProps} />
        </AppProviders>
      </RootErrorBoundary>
    </>
  );
}
