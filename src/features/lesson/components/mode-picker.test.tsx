import { fireEvent, render, screen } from '@testing-library/react';
import { ModePicker } from './mode-picker';

const hrefFor = (mode: string) => `/web/track/python/tutorial/basics/chapter/first/${mode}?lesson=1`;

describe('ModePicker', () => {
  it('renders no links while closed: the page has the button and an empty hidden menu', () => {
    const { container } = render(<ModePicker mode="learn" hrefFor={hrefFor} />);
    expect(screen.getByRole('button', { name: 'Lesson mode: Learn' })).toHaveAttribute('aria-expanded', 'false');
    const menu = container.querySelector('nav[aria-label="Lesson mode"]');
    expect(menu).toHaveAttribute('hidden');
    expect(menu?.innerHTML).toBe('');
  });

  it('opens to the three modes as links keeping the lesson, the current one marked, and closes again', () => {
    render(<ModePicker mode="challenge" hrefFor={hrefFor} />);
    const button = screen.getByRole('button', { name: 'Lesson mode: Challenge' });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['learn', 'challenge', 'tutor'].map(hrefFor));
    expect(screen.getByRole('link', { name: /Challenge/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Tutor/ })).toHaveAccessibleDescription('Each miss is explained and opens the next hint.');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toBe(screen.getByRole('navigation', { name: 'Lesson mode' }));
    fireEvent.keyDown(links[0]!, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(button).toHaveFocus();
  });
});
