import { useEffect } from 'react';
import { useRouter } from 'next/router';
import NProgress from 'nprogress';

const SHOW_AFTER_MS = 120;

/** The thin top bar during route changes; fast changes never flash it. */
export function RouteProgressBar() {
  const router = useRouter();
  useEffect(() => {
    NProgress.configure({
      showSpinner: false,
      trickleSpeed: 200,
      // nprogress's default template uses role="bar", which is not an ARIA role (axe: aria-allowed-role, critical).
      // The bar is decoration: screen readers learn about the new page from its title and focus.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      // nprogress finds its bar by role by default; without the role it must look for the class.
      barSelector: '.bar',
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      if (shallow) return;
      clearTimeout(timer);
      timer = setTimeout(() => NProgress.start(), SHOW_AFTER_MS);
    };
    const done = () => {
      clearTimeout(timer);
      NProgress.done();
    };
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', done);
    router.events.on('routeChangeError', done);
    return () => {
      clearTimeout(timer);
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', done);
      router.events.off('routeChangeError', done);
    };
  }, [router.events]);
  return null;
}
