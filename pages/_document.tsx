import { Head, Html, Main, NextScript } from 'next/document';
import { LESSON_PREFIX_ATTRIBUTE, lessonRoutePrefix } from '@/lib/env/deployment';
import { themeInitScript } from '@/ui';

export default function Document() {
  return (
    <Html lang="en" {...{ [LESSON_PREFIX_ATTRIBUTE]: lessonRoutePrefix() }}>
      <Head>
        <meta name="theme-color" content="#5b3df5" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Applies the stored theme before paint so there is no flash of the wrong theme. */}
        <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
