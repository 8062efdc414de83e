import { Alert } from '@/ui';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert kind="error">{message}</Alert>;
}
