import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/monitoring/report-error';
import { Button } from '@/ui';
import styles from './panel-boundary.module.css';

interface PanelBoundaryProps {
  /** What the panel is, for the learner ("The lesson text"). */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * One per lesson panel (text, code, feedback): a panel that crashes shows a sentence and a retry
 * while the rest of the lesson keeps working. The draft lives outside the panel, so a retry
 * re-renders it from the saved code.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { area: 'ui', message: `ui: lesson panel "${this.props.name}" crashed`, extra: { componentStack: info.componentStack } });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={styles.fallback} role="alert">
        <p>{this.props.name} hit a problem and could not be shown. Your code and progress are safe.</p>
        <Button variant="secondary" size="sm" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </div>
    );
  }
}
