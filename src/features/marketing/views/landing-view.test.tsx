import { render, screen, within } from '@testing-library/react';
import LandingView from './landing-view';

describe('LandingView', () => {
  it('uses semantic landmarks and a single h1', () => {
    render(<LandingView />);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('links to sign up and sign in', () => {
    render(<LandingView />);
    const signUpLinks = screen.getAllByRole('link', { name: 'Start learning free' });
    expect(signUpLinks.length).toBeGreaterThan(0);
    for (const link of signUpLinks) {
      expect(link).toHaveAttribute('href', '/web/register');
    }
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Start learning free' })).toHaveAttribute('href', '/web/register');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/web/login');
  });

  it('lists the five tracks', () => {
    render(<LandingView />);
    const section = screen.getByRole('region', { name: 'What you can learn' });
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Python', 'JavaScript', 'HTML', 'CSS', 'SQL']);
  });

  it('explains how it works in three steps', () => {
    render(<LandingView />);
    const section = screen.getByRole('region', { name: 'How it works' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });
});
