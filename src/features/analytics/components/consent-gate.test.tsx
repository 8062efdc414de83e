import { act, fireEvent, render, screen } from '@testing-library/react';
import { resetAnalyticsForTests, setConsentCategories } from '@/lib/analytics/track';
import { ConsentGate } from './consent-gate';

let pathname = '/';
jest.mock('next/router', () => ({ useRouter: () => ({ pathname }) }));

/** The library that keeps the record, played: what the banner asks it to do, and whether it works. */
const manager = {
  saved: [] as string[][],
  failSave: false,
  closePreferences: (): void => undefined,
};
jest.mock('./consent-manager', () => ({
  saveConsent: async (categories: string[]) => {
    if (manager.failSave) throw new Error('the library did not load');
    manager.saved.push(categories);
    setConsentCategories(categories);
  },
  openPreferences: async () => ({ closed: new Promise<void>((resolve) => (manager.closePreferences = resolve)) }),
}));

const banner = () => screen.queryByRole('dialog', { name: 'Cookies on Codetrail' });

beforeEach(() => {
  pathname = '/';
  manager.saved = [];
  manager.failSave = false;
  resetAnalyticsForTests();
  for (const cookie of document.cookie.split('; ')) document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; Path=/`;
});

describe('the consent banner', () => {
  it('asks a visitor who has not answered, with the three answers and a link to the settings', async () => {
    render(<ConsentGate />);
    expect(banner()).not.toBeNull();
    expect(banner()).toHaveAccessibleDescription(/May we also count how lessons are used/);
    for (const name of ['Accept all', 'Necessary only', 'Choose']) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cookie settings' })).toHaveAttribute('href', '/web/cookies');
  });

  it('is not shown on the cookie settings page, nor to a visitor who has answered', () => {
    pathname = '/web/cookies';
    const { unmount } = render(<ConsentGate />);
    expect(banner()).toBeNull();
    unmount();
    pathname = '/';
    setConsentCategories(['analytics']);
    render(<ConsentGate />);
    expect(banner()).toBeNull();
  });

  it.each([
    ['Accept all', ['analytics', 'marketing']],
    ['Necessary only', []],
  ])('"%s" saves its answer and goes away', async (name, categories) => {
    render(<ConsentGate />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name })));
    expect(manager.saved).toEqual([categories]);
    expect(banner()).toBeNull();
  });

  it('keeps asking when the answer could not be saved', async () => {
    manager.failSave = true;
    render(<ConsentGate />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Necessary only' })));
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Necessary only' })).toBeEnabled();
  });

  it('"Choose" opens the preferences and asks again only if they closed without an answer', async () => {
    render(<ConsentGate />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Choose' })));
    // The banner waits under the dialog with its buttons ready.
    expect(screen.getByRole('button', { name: 'Choose' })).toBeEnabled();
    await act(async () => manager.closePreferences());
    expect(banner()).not.toBeNull();

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Choose' })));
    setConsentCategories([]);
    await act(async () => manager.closePreferences());
    expect(banner()).toBeNull();
  });

  it('leaves room below the page while it shows, and gives it back', async () => {
    const observed: { callback: ResizeObserverCallback; disconnected: boolean }[] = [];
    Object.assign(globalThis, {
      ResizeObserver: class {
        entry: { callback: ResizeObserverCallback; disconnected: boolean };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, disconnected: false };
          observed.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    });
    try {
      render(<ConsentGate />);
      act(() => observed[0]?.callback([{ borderBoxSize: [{ blockSize: 180.4, inlineSize: 300 }] } as unknown as ResizeObserverEntry], {} as ResizeObserver));
      expect(document.body.style.paddingBottom).toBe('197px');
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Necessary only' })));
      expect(banner()).toBeNull();
      expect(observed.map((entry) => entry.disconnected)).toEqual([true]);
      expect(document.body.style.paddingBottom).toBe('');
    } finally {
      delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    }
  });
});
