/** Theme preference: `system` follows the OS (no data-theme attribute), the others force a theme. */
export type ThemePreference = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'codetrail-theme';

export const THEME_ORDER: readonly ThemePreference[] = ['system', 'light', 'dark'];

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function nextThemePreference(current: ThemePreference): ThemePreference {
  const index = THEME_ORDER.indexOf(current);
  return THEME_ORDER[(index + 1) % THEME_ORDER.length] ?? 'system';
}

/** Reads the stored preference (browser only). Falls back to `system` if absent, invalid or storage is blocked. */
export function readStoredTheme(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Sets or removes <html data-theme> (browser only). */
export function applyThemeToRootElement(preference: ThemePreference): void {
  const root = document.documentElement;
  if (preference === 'system') {
    delete root.dataset.theme;
  } else {
    root.dataset.theme = preference;
  }
}

/** Persists a preference (browser only). `system` removes the key. */
export function storeTheme(preference: ThemePreference): void {
  try {
    if (preference === 'system') {
      window.localStorage.removeItem(THEME_STORAGE_KEY);
    } else {
      window.localStorage.setItem(THEME_STORAGE_KEY, preference);
    }
  } catch {
    // Storage can be unavailable (private mode, blocked storage); the theme still applies for this page.
  }
}

/** Applies a preference to <html> and persists it (browser only). */
export function applyTheme(preference: ThemePreference): void {
  applyThemeToRootElement(preference);
  storeTheme(preference);
}

/**
 * Inline this in pages/_document.tsx <Head> (before paint) so a stored explicit theme applies
 * without a flash:
 *   <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
 */
export const themeInitScript = `(function(){try{var t=window.localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark'){document.documentElement.setAttribute('data-theme',t);}else{document.documentElement.removeAttribute('data-theme');}}catch(e){}})();`;
