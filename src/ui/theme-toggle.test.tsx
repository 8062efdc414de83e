import { fireEvent, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY, themeInitScript } from './theme';
import { ThemeToggle } from './theme-toggle';

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('ThemeToggle', () => {
  it('cycles system → light → dark → system, writing localStorage and data-theme', () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: /theme: system/i });

    fireEvent.click(button);
    expect(button).toHaveAccessibleName(expect.stringMatching(/theme: light/i));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    fireEvent.click(button);
    expect(button).toHaveAccessibleName(expect.stringMatching(/theme: dark/i));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(button);
    expect(button).toHaveAccessibleName(expect.stringMatching(/theme: system/i));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it('reads the stored choice after mount', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: /theme: dark/i })).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores invalid stored values', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: /theme: system/i })).toBeInTheDocument();
  });
});

describe('themeInitScript', () => {
  it('applies a stored explicit theme and ignores anything else', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    new Function(themeInitScript)();
    expect(document.documentElement.dataset.theme).toBe('dark');

    window.localStorage.setItem(THEME_STORAGE_KEY, 'nonsense');
    new Function(themeInitScript)();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });
});
