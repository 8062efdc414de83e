/**
 * A lazily created value shared by every caller, created once. A failure is not kept: the next
 * call tries again, so one failed database open does not fail every later request until restart.
 * The slot may live on globalThis so Next's hot reload in development keeps the same value.
 */
export function memoizeUntilRejected<T>(create: () => Promise<T>, slot: { current?: Promise<T> } = {}): () => Promise<T> {
  return () => {
    if (!slot.current) {
      const attempt = create();
      slot.current = attempt;
      attempt.catch(() => {
        if (slot.current === attempt) delete slot.current;
      });
    }
    return slot.current;
  };
}
