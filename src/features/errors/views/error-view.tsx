import { ButtonLink, Card, Container, Logo, Stack } from '@/ui';
import styles from './error-view.module.css';

interface ErrorViewProps {
  code: 404 | 500;
}

const COPY = {
  404: { title: 'We could not find that page', body: 'The link may be old or mistyped. Your progress is safe.' },
  500: { title: 'Something went wrong on our side', body: 'We logged the problem. Your progress is safe. Try again in a moment.' },
} as const;

export function ErrorView({ code }: ErrorViewProps) {
  const copy = COPY[code];
  return (
    <Container>
      <main className={styles.page}>
        <Card as="section">
          <Stack gap={4} align="start">
            <Logo href="/" />
            <p className={styles.code}>{code}</p>
            <h1 className={styles.title}>{copy.title}</h1>
            <p>{copy.body}</p>
            <ButtonLink href="/">Go to Codetrail</ButtonLink>
          </Stack>
        </Card>
      </main>
    </Container>
  );
}

export function NotFoundView() {
  return <ErrorView code={404} />;
}

export function ServerErrorView() {
  return <ErrorView code={500} />;
}
