import { useId, useLayoutEffect, useRef } from 'react';
import { Button } from '@/ui';
import { Link } from '@/ui/link';
import styles from './consent-banner.module.css';

export type ConsentAnswer = 'all' | 'necessary' | 'choose';

/**
 * The first question a visitor without an answer sees: a few elements of our own, so no library,
 * stylesheet or forced layout lands on a page while it starts (vanilla-cookieconsent, which keeps
 * the record, loads only once the visitor answers or asks to choose). Not modal: the page stays
 * usable, and while it shows the page keeps room below its content so nothing hides behind it.
 */
export function ConsentBanner({ onAnswer, busy }: { onAnswer: (answer: ConsentAnswer) => void; busy: ConsentAnswer | null }) {
  const titleId = useId();
  const descriptionId = useId();
  const banner = useRef<HTMLDivElement>(null);
  useKeepRoomBelow(banner);
  return (
    <div ref={banner} role="dialog" aria-labelledby={titleId} aria-describedby={descriptionId} className={styles.banner} data-testid="consent-banner">
      <h2 id={titleId} className={styles.title}>
        Cookies on Codetrail
      </h2>
      <p id={descriptionId} className={styles.description}>
        Some cookies keep you signed in and your progress saved. May we also count how lessons are used and how our ads do? <Link href="/web/cookies">Cookie settings</Link>
      </p>
      <div className={styles.actions}>
        <Button size="sm" loading={busy === 'all'} disabled={busy !== null} onClick={() => onAnswer('all')}>
          Accept all
        </Button>
        <Button size="sm" loading={busy === 'necessary'} disabled={busy !== null} onClick={() => onAnswer('necessary')}>
          Necessary only
        </Button>
        <Button size="sm" variant="secondary" loading={busy === 'choose'} disabled={busy !== null} onClick={() => onAnswer('choose')}>
          Choose
        </Button>
      </div>
    </div>
  );
}

/** Space between the page's last content and the banner when scrolled to the end. */
const ROOM_ABOVE_PX = 16;

/**
 * While the banner shows, the body gets padding of its height, so a page's last button can scroll
 * above it. The size comes from a ResizeObserver (after layout, never forcing one) and is set on
 * the body alone, not as a variable on <html> that every element would recompute.
 */
function useKeepRoomBelow(banner: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? entry?.contentRect.height ?? 0;
      body.style.paddingBottom = `${Math.ceil(height) + ROOM_ABOVE_PX}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (before) body.style.paddingBottom = before;
      else body.style.removeProperty('padding-bottom');
    };
  }, [banner]);
}
