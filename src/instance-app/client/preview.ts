import { api, errorMessage } from './api';

/**
 * The preview: the learner's web server inside the machine, shown from its own origin. The frame
 * (and the new tab) go through `/preview/open?port=`, which hands a one-time ticket to the preview
 * origin; before loading, the page asks whether anything listens on that port.
 */
export function setupPreview(): { load: () => void } {
  const form = document.getElementById('preview-form') as HTMLFormElement;
  const input = document.getElementById('preview-port') as HTMLInputElement;
  const openLink = document.getElementById('preview-open') as HTMLAnchorElement;
  const frame = document.getElementById('preview-frame') as HTMLIFrameElement;
  const status = document.getElementById('preview-status') as HTMLParagraphElement;

  const port = (): number | null => {
    const value = Number(input.value);
    return Number.isInteger(value) && value >= 1 && value <= 65535 ? value : null;
  };

  input.addEventListener('input', () => {
    const chosen = port();
    if (chosen) openLink.href = `/preview/open?port=${chosen}`;
  });

  async function load(): Promise<void> {
    const chosen = port();
    if (!chosen) {
      status.textContent = 'The port must be a number from 1 to 65535.';
      return;
    }
    status.textContent = `Loading port ${chosen}…`;
    try {
      const response = await api(`/api/preview-status?port=${chosen}`);
      const body = (await response.json()) as { listening: boolean; message?: string };
      if (!body.listening) {
        status.textContent = body.message ?? `Nothing is answering on port ${chosen} yet.`;
        frame.src = 'about:blank';
        return;
      }
      status.textContent = `Showing port ${chosen}.`;
      frame.src = `/preview/open?port=${chosen}`;
    } catch (error) {
      status.textContent = `The preview could not be loaded: ${errorMessage(error)}`;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void load();
  });
  return { load: () => void load() };
}
