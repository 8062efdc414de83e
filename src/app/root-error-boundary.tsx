import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '@/lib/logger';
import { Button, Card, Container, Stack } from '@/ui';

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
    logger.error('ui: a page crashed', error, info.componentStack);
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
