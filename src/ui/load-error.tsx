import { Alert } from './alert';
import { Button } from './button';
import { Stack } from './stack';

/** A query that failed: the human sentence and a retry, never a blank panel. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack gap={3}>
      <Alert kind="error">{message}</Alert>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Stack>
  );
}
