import { useEffect, useState } from 'react';
import { cx } from './class-names';
import type { ThemePreference } from './theme';
import { applyTheme, applyThemeToRootElement, nextThemePreference, readStoredTheme, THEME_STORAGE_KEY } from './theme';
import styles from './theme-toggle.module.css';

export { themeInitScript, THEME_STORAGE_KEY } from './theme';
export type { ThemePreference } from './theme';

export const themeLabel: Record<ThemePreference, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

function ThemeIcon({ theme, className = styles.icon }: { theme: ThemePreference; className?: string }) {
  if (theme === 'light') {
    return (
      <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2.5v2M12 19.5v2M4.6 4.6l1.4 1.4M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
      </svg>
    );
  }
  if (theme === 'dark') {
    return (
      <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      </svg>
    );
  }
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="12.5" rx="2" />
      <path d="M8.5 20h7M12 16.5V20" />
    </svg>
  );
}

export interface ThemeToggleProps {
  /** Also show the current theme name next to the icon. Default false (icon only). */
  showLabel?: boolean;
  className?: string;
}

const THEME_CHANGE_EVENT = 'codetrail-theme-change';

/** The stored theme preference, kept in sync across tabs and across toggles on the same page. */
export function useThemePreference(): [ThemePreference, () => void] {
  const [theme, setTheme] = useState<ThemePreference>('system');

  useEffect(() => {
    const initial = readStoredTheme();
    applyThemeToRootElement(initial);
    setTheme(initial);
    function sync() {
      const stored = readStoredTheme();
      applyThemeToRootElement(stored);
      setTheme(stored);
    }
    function onStorage(event: StorageEvent) {
      if (event.key === null || event.key === THEME_STORAGE_KEY) sync();
    }
    window.addEventListener('storage', onStorage);
    window.addEventListener(THEME_CHANGE_EVENT, sync);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(THEME_CHANGE_EVENT, sync);
    };
  }, []);

  function cycle() {
    const next = nextThemePreference(theme);
    applyTheme(next);
    setTheme(next);
    window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
  }

  return [theme, cycle];
}

/** "Theme: Light. Switch to Dark": the accessible name of a control that cycles the theme. */
export function themeSwitchLabel(theme: ThemePreference): string {
  return `Theme: ${themeLabel[theme]}. Switch to ${themeLabel[nextThemePreference(theme)]}`;
}

export { ThemeIcon };

/**
 * Cycles system → light → dark. Persists to localStorage (`codetrail-theme`; removed for system)
 * and sets <html data-theme>. Renders "system" on the server and syncs after mount.
 */
export function ThemeToggle({ showLabel = false, className }: ThemeToggleProps) {
  const [theme, cycle] = useThemePreference();
  const current = themeLabel[theme];
  const next = themeLabel[nextThemePreference(theme)];

  return (
    <button type="button" className={cx(styles.toggle, className)} onClick={cycle} aria-label={themeSwitchLabel(theme)} title={`Theme: ${current} (switch to ${next})`}>
      <ThemeIcon theme={theme} />
      {showLabel ? (
        <span className={styles.text} aria-hidden="true">
          {current}
        </span>
      ) : null}
    </button>
  );
}
