import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppShell } from './app-shell';
import { initialsFor } from './user-menu';

const user = { displayName: 'Ada Lovelace', email: 'ada@example.com' };

const links = [
  { href: '/web/learn', label: 'Learn', icon: null, current: true },
  { href: '/web/leaderboard', label: 'Leaderboard', icon: null },
];
const menuLinks = [
  { href: '/web/profile', label: 'Profile' },
  { href: '/web/settings', label: 'Settings' },
];

function renderShell(onSignOut = jest.fn()) {
  render(
    <AppShell user={user} onSignOut={onSignOut} nav={<a href="#stats">Stats</a>} links={links} menuLinks={menuLinks}>
      <h1>Dashboard</h1>
    </AppShell>,
  );
  return { onSignOut, trigger: screen.getByRole('button', { name: /ada lovelace/i }) };
}

describe('AppShell', () => {
  it('renders the skip link, logo home link, nav slot and main content', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('link', { name: /codetrail/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Stats' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(screen.getByRole('button', { name: /theme/i })).toBeInTheDocument();
  });

  it('opens the user menu with a click, showing name and email', () => {
    const { trigger } = renderShell();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Settings', 'Theme: System', 'Sign out']);

    fireEvent.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each(['Enter', ' ', 'ArrowDown'])('opens with the %j key and focuses the first item', (key) => {
    const { trigger } = renderShell();
    trigger.focus();
    fireEvent.keyDown(trigger, { key });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('renders the main links for the header and for the phone tab bar (CSS shows one), marking the current page', () => {
    renderShell();
    const navs = screen.getAllByRole('navigation', { name: 'Main' });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Leaderboard' })).not.toHaveAttribute('aria-current');
    }
  });

  it('switches the theme from the user menu', () => {
    const { trigger } = renderShell();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: /Theme: System/ }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('menuitem', { name: /Theme: Light/ })).toBeInTheDocument();
    // The header's toggle follows.
    expect(screen.getByRole('button', { name: 'Theme: Light. Switch to Dark' })).toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the button', () => {
    const { trigger } = renderShell();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const item = screen.getByRole('menuitem', { name: 'Sign out' });
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when clicking outside', () => {
    const { trigger } = renderShell();
    fireEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => {
      fireEvent.mouseDown(screen.getByRole('heading', { name: 'Dashboard' }));
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('calls onSignOut from the Sign out item', () => {
    const { trigger, onSignOut } = renderShell();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows a busy state while signing out and does not sign out twice', () => {
    const onSignOut = jest.fn();
    render(
      <AppShell user={user} onSignOut={onSignOut} signingOut>
        content
      </AppShell>,
    );
    const trigger = screen.getByRole('button', { name: /ada lovelace/i });
    expect(trigger).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(trigger);
    const item = screen.getByRole('menuitem', { name: 'Signing out…' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(item);
    expect(onSignOut).not.toHaveBeenCalled();
  });
});

describe('initialsFor', () => {
  it('derives initials from the name, falling back to the email', () => {
    expect(initialsFor({ displayName: 'Ada Lovelace', email: null })).toBe('AL');
    expect(initialsFor({ displayName: '  grace  ', email: 'g@x.io' })).toBe('G');
    expect(initialsFor({ displayName: 'Mary Ann Evans', email: null })).toBe('ME');
    expect(initialsFor({ displayName: null, email: 'linus@example.com' })).toBe('L');
    expect(initialsFor({ displayName: '', email: null })).toBe('?');
  });
});
