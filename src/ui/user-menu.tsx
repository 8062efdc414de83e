import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from './link';
import type { ReactNode } from 'react';
import { ThemeIcon, themeLabel, themeSwitchLabel, useThemePreference } from './theme-toggle';
import styles from './user-menu.module.css';

export interface UserMenuUser {
  displayName: string | null;
  email: string | null;
}

/** A page the account menu links to (Profile, Settings ...). */
export interface UserMenuLink {
  href: string;
  label: string;
  icon?: ReactNode;
}

export interface UserMenuProps {
  user: UserMenuUser;
  links?: readonly UserMenuLink[];
  onSignOut: () => void | Promise<void>;
  signingOut?: boolean;
}

/** Up to two initials from the display name, else the first letter of the email, else "?". */
export function initialsFor(user: UserMenuUser): string {
  const name = user.displayName?.trim();
  if (name) {
    const words = name.split(/\s+/).filter(Boolean);
    const first = Array.from(words[0] ?? '')[0] ?? '';
    const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
    return (first + last).toUpperCase() || '?';
  }
  const email = user.email?.trim();
  if (email) {
    return (Array.from(email)[0] ?? '?').toUpperCase();
  }
  return '?';
}

function displayLabel(user: UserMenuUser): string {
  return user.displayName?.trim() || user.email?.trim() || 'Account';
}

type FocusTarget = 'first' | 'last';

/** Avatar button opening a small account menu (WAI-ARIA menu button pattern). */
export function UserMenu({ user, links = [], onSignOut, signingOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [theme, cycleTheme] = useThemePreference();
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-menu`;

  const name = displayLabel(user);
  const initials = initialsFor(user);

  const getItems = useCallback((): HTMLElement[] => {
    const menu = menuRef.current;
    return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
  }, []);

  const openMenu = useCallback((target: FocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  }, []);

  const closeMenu = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) {
      triggerRef.current?.focus();
    }
  }, []);

  // Move focus into the menu once it is visible.
  useEffect(() => {
    if (!open) return;
    const items = getItems();
    const item = focusTarget === 'last' ? items[items.length - 1] : items[0];
    (item ?? menuRef.current)?.focus();
  }, [open, focusTarget, getItems]);

  // Close on a pointer press outside the menu or its button.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: Event) {
      const root = rootRef.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) {
        setOpen(false);
      }
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  function handleTriggerClick() {
    if (open) {
      closeMenu(false);
    } else {
      openMenu('first');
    }
  }

  function handleTriggerKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    switch (event.key) {
      case 'Enter':
      case ' ':
      case 'ArrowDown':
        event.preventDefault();
        openMenu('first');
        break;
      case 'ArrowUp':
        event.preventDefault();
        openMenu('last');
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          closeMenu(true);
        }
        break;
    }
  }

  // Firefox fires click on Space keyup even when keydown was prevented.
  function handleTriggerKeyUp(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key === ' ') {
      event.preventDefault();
    }
  }

  function handleMenuKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const items = getItems();
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? -1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
    }
  }

  function handleSignOut() {
    if (signingOut) return;
    closeMenu(true);
    void onSignOut();
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-busy={signingOut || undefined}
        onClick={handleTriggerClick}
        onKeyDown={handleTriggerKeyDown}
        onKeyUp={handleTriggerKeyUp}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials}
        </span>
        <span className={styles.name}>{name}</span>
        <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m4 6 4 4 4-4" />
        </svg>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={triggerId}
        tabIndex={-1}
        hidden={!open}
        className={styles.menu}
        onKeyDown={handleMenuKeyDown}
      >
        <div role="none" className={styles.identity}>
          <span className={styles.identityName}>{user.displayName?.trim() || 'Signed in'}</span>
          {user.email ? <span className={styles.identityEmail}>{user.email}</span> : null}
        </div>
        <div role="separator" className={styles.separator} />
        {links.map((link) => (
          <Link key={link.href} href={link.href} role="menuitem" tabIndex={-1} className={styles.item} onClick={() => setOpen(false)}>
            <span className={styles.itemIcon} aria-hidden="true">
              {link.icon}
            </span>
            {link.label}
          </Link>
        ))}
        {/* The theme lives here too: on a phone the header has no room for its own button. */}
        <button type="button" role="menuitem" tabIndex={-1} className={styles.item} aria-label={themeSwitchLabel(theme)} onClick={cycleTheme}>
          <ThemeIcon theme={theme} className={styles.itemIcon} />
          Theme: {themeLabel[theme]}
        </button>
        <div role="separator" className={styles.separator} />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={styles.item}
          aria-disabled={signingOut || undefined}
          onClick={handleSignOut}
        >
          <svg className={styles.itemIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M8 17H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h3M13 14l4-4-4-4M17 10H8" />
          </svg>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
