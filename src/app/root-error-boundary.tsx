import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/monitoring/report-error';
import { startBrowserMonitoring } from '@/lib/monitoring/start-browser-monitoring';
import { Button, Card, Container, Stack } from '@/ui';

// Error monitoring starts with the app's first script in the browser (before hydration), so even a
// crash of the first render is reported; without NEXT_PUBLIC_SENTRY_DSN this does nothing, and the
// SDK itself only loads once the page is idle (docs/monitoring.md).
if (typeof window !== 'undefined') startBrowserMonitoring();

interface State {
  error: Error | null;
}

/** The last line of defence: a human sentence and a way back instead of a blank screen. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { area: 'ui', message: 'ui: a page crashed', extra: { componentStack: info.componentStack } });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container>
        <Card as="section" role="alert">
          <Stack gap={4}>
            <h1>Something went wrong</h1>
            <p>This page hit an unexpected problem. Your progress is safe. Reload to try again.</p>
            <div>
              <Button onClick={() => window.location.reload()}>Reload the page</Button>
            </div>
          </Stack>
        </Card>
      </Container>
    );
  }
}
