import { ButtonLink, Card, Container, cx, Logo, SkipLink, Stack, ThemeToggle } from '@/ui';
import styles from './landing-view.module.css';
import { paths } from '@/domain/routing/paths';

interface Track {
  id: 'python' | 'javascript' | 'html' | 'css' | 'sql';
  name: string;
  monogram: string;
  description: string;
}

const tracks: readonly Track[] = [
  {
    id: 'python',
    name: 'Python',
    monogram: 'Py',
    description: 'Start with the friendliest language around: variables, loops and functions that read almost like plain English.',
  },
  {
    id: 'javascript',
    name: 'JavaScript',
    monogram: 'JS',
    description: 'Make web pages respond to clicks and keystrokes with the language that runs in every browser on the planet.',
  },
  {
    id: 'html',
    name: 'HTML',
    monogram: '</>',
    description: 'Give your ideas structure with headings, links, images and forms: the skeleton of every website you visit.',
  },
  {
    id: 'css',
    name: 'CSS',
    monogram: '{ }',
    description: 'Add colour, layout and personality, from your first flexbox to pages that look great on any screen.',
  },
  {
    id: 'sql',
    name: 'SQL',
    monogram: 'SQL',
    description: 'Ask real questions of real data: filter, sort, join and summarise tables in a few readable lines.',
  },
];

interface Step {
  title: string;
  body: string;
}

const steps: readonly Step[] = [
  {
    title: 'Bite-sized lessons, your way',
    body: 'Each lesson takes about five minutes. Learn a new idea, prove it in a challenge, or switch to tutor mode for a hint and a friendly explanation whenever you get stuck.',
  },
  {
    title: 'Run real code, instantly',
    body: 'Press Run and your code executes right in the browser. No installs, no setup, no waiting: you see the result the moment you try something.',
  },
  {
    title: 'Keep your streak alive',
    body: 'Pick a daily goal that fits your day, earn XP for every lesson and watch your streak grow. Small steps, taken daily, add up faster than you think.',
  },
];

function FlameIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.5 2.5c.4 3-1.2 4.6-2.6 6.1C8.6 10 7.5 11.3 7.5 13.6a4.5 4.5 0 0 0 9 0c0-1.5-.6-2.7-1.3-3.6-.2 1.2-.8 2-1.7 2.4.5-3.4-.4-7.2-1-9.9Z"
      />
      <path fill="currentColor" opacity="0.55" d="M12 21.5a7 7 0 0 1-7-7c0-2.2.9-3.9 2-5.3-.2 1-.2 2.1.1 3.2a5.1 5.1 0 0 0 9.8-.1c.7 1 1.1 2.2 1.1 3.4a6.5 6.5 0 0 1-6 5.8Z" />
    </svg>
  );
}

function CheckIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 10.5 3.2 3.2L15 6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A decorative mock of a lesson: code, a Run button, output and the streak / goal chips. */
function LessonPreview() {
  return (
    <div className={styles.preview} aria-hidden="true">
      <div className={styles.window}>
        <div className={styles.windowBar}>
          <span className={styles.windowDots}>
            <span />
            <span />
            <span />
          </span>
          <span className={styles.windowTitle}>lesson-3.py</span>
          <span className={styles.runButton}>▶ Run</span>
        </div>
        <pre className={styles.code}>
          <code>
            <span className={styles.tokKeyword}>def</span> <span className={styles.tokFunction}>greet</span>(name):{'\n'}
            {'    '}
            <span className={styles.tokKeyword}>return</span> <span className={styles.tokString}>f&quot;Hi, {'{'}name{'}'}!&quot;</span>
            {'\n\n'}
            <span className={styles.tokFunction}>print</span>(greet(<span className={styles.tokString}>&quot;Ada&quot;</span>))
          </code>
        </pre>
        <div className={styles.output}>
          <span className={styles.outputLabel}>Output</span>
          <code className={styles.outputText}>Hi, Ada!</code>
        </div>
        <div className={styles.success}>
          <CheckIcon className={styles.successIcon} />
          <span>Nice work! +10 XP</span>
        </div>
      </div>
      <div className={cx(styles.chip, styles.streakChip)}>
        <FlameIcon className={styles.flame} />
        <span>
          <strong>7</strong> day streak
        </span>
      </div>
      <div className={cx(styles.chip, styles.goalChip)}>
        <span className={styles.goalRing} />
        <span>
          Daily goal <strong>2/3</strong>
        </span>
      </div>
    </div>
  );
}

/** The public landing page at "/". */
export default function LandingView() {
  return (
    <div className={styles.page}>
      <SkipLink />

      <header className={styles.header}>
        <Container className={styles.headerInner}>
          <Logo href="/" />
          <nav className={styles.headerNav} aria-label="Account">
            <ThemeToggle />
            <ButtonLink href={paths.login()} variant="ghost" size="sm">
              Sign in
            </ButtonLink>
            <ButtonLink href={paths.register()} size="sm" className={styles.headerCta}>
              Start learning free
            </ButtonLink>
          </nav>
        </Container>
      </header>

      <main id="main" tabIndex={-1} className={styles.main}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <Container className={styles.heroInner}>
            <div className={styles.heroCopy}>
              <p className={styles.eyebrow}>
                <FlameIcon className={styles.eyebrowIcon} />
                Five languages, five minutes a day
              </p>
              <h1 id="hero-title" className={styles.heroTitle}>
                Learn to code, <span className={styles.heroHighlight}>one small win</span> at a time.
              </h1>
              <p className={styles.heroLead}>
                Codetrail turns programming into short, interactive lessons. Write real code, run it right in your browser and see it
                work instantly. No installs, no setup, just you and the next step on the trail.
              </p>
              <Stack direction="row" gap={3} wrap align="center" className={styles.heroActions}>
                <ButtonLink href={paths.register()} size="lg">
                  Start learning free
                </ButtonLink>
                <ButtonLink href={paths.login()} variant="secondary" size="lg">
                  I already have an account
                </ButtonLink>
              </Stack>
              <p className={styles.heroNote}>Free to start. No credit card, no downloads.</p>
            </div>
            <LessonPreview />
          </Container>
        </section>

        <section className={styles.section} aria-labelledby="tracks-title">
          <Container>
            <div className={styles.sectionHeading}>
              <h2 id="tracks-title" className={styles.sectionTitle}>
                What you can learn
              </h2>
              <p className={styles.sectionLead}>
                Five tracks that take you from your very first line to programs you are proud to show off. Start anywhere and switch
                whenever curiosity strikes.
              </p>
            </div>
            <ul role="list" className={styles.trackGrid}>
              {tracks.map((track) => (
                <li key={track.id} className={styles.trackItem}>
                  <Card as="article" padding="md" interactive className={styles.trackCard}>
                    <span className={cx(styles.monogram, styles[track.id])} aria-hidden="true">
                      {track.monogram}
                    </span>
                    <h3 className={styles.trackName}>{track.name}</h3>
                    <p className={styles.trackText}>{track.description}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </Container>
        </section>

        <section className={cx(styles.section, styles.sectionAlt)} aria-labelledby="how-title">
          <Container>
            <div className={styles.sectionHeading}>
              <h2 id="how-title" className={styles.sectionTitle}>
                How it works
              </h2>
              <p className={styles.sectionLead}>A learning habit that actually sticks, in three simple steps.</p>
            </div>
            <ol role="list" className={styles.steps}>
              {steps.map((step, index) => (
                <li key={step.title} className={styles.step}>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className={styles.stepTitle}>{step.title}</h3>
                  <p className={styles.stepText}>{step.body}</p>
                </li>
              ))}
            </ol>
          </Container>
        </section>

        <section className={styles.section} aria-labelledby="cta-title">
          <Container>
            <div className={styles.cta}>
              <h2 id="cta-title" className={styles.ctaTitle}>
                Your first line of code is five minutes away.
              </h2>
              <p className={styles.ctaText}>
                Create a free account, choose a language and write something that runs today. Tomorrow, you will want to come back for
                more.
              </p>
              <ButtonLink href={paths.register()} size="lg" className={styles.ctaButton}>
                Start learning free
              </ButtonLink>
            </div>
          </Container>
        </section>
      </main>

      <footer className={styles.footer}>
        <Container className={styles.footerInner}>
          <div className={styles.footerBrand}>
            <Logo size="sm" />
            <p className={styles.footerText}>Made for curious beginners, one lesson at a time.</p>
          </div>
          <nav aria-label="Footer">
            <ul role="list" className={styles.footerLinks}>
              <li>
                <ButtonLink href={paths.login()} variant="ghost" size="sm">
                  Sign in
                </ButtonLink>
              </li>
              <li>
                <ButtonLink href={paths.register()} variant="ghost" size="sm">
                  Create a free account
                </ButtonLink>
              </li>
              <li>
                <ButtonLink href={paths.cookieSettings()} variant="ghost" size="sm">
                  Cookie settings
                </ButtonLink>
              </li>
            </ul>
          </nav>
        </Container>
      </footer>
    </div>
  );
}
