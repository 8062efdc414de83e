import { useMutation, useQuery } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import Cookies from 'js-cookie';
import { useRouter } from 'next/router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { EXPERIMENTS, EXPERIMENT_NAMES, FORCED_VARIANTS_COOKIE, parseForcedVariants, serializeForcedVariants, type ExperimentName, type ForcedVariants } from '@/domain/experiments/experiments';
import { useApiClient } from '@/features/auth';
import { learningEndpoints } from '@/lib/api-client/learning-endpoints';
import { Button } from '@/ui';
import { Link } from '@/ui/link';
import { lessonUrl, otherPrefixUrl, pageLocation, type PageLocation } from '../model/page-location';
import styles from './engineer-toolbar.module.css';

type LessonLocation = Extract<PageLocation, { kind: 'lesson' }>;

function useLearning() {
  return learningEndpoints(useApiClient());
}

const message = (error: unknown) => userMessageOf(error, 'That did not work.');

/** Where the engineer is: the ids, the other prefix, and the server's content cache. */
function Here({ location }: { location: PageLocation }) {
  const learning = useLearning();
  const chapter = useQuery({
    queryKey: ['engineer-toolbar', 'chapter', location],
    queryFn: () => (location.kind === 'lesson' ? learning.chapter(location) : Promise.resolve(null)),
    enabled: location.kind === 'lesson',
  });
  const clear = useMutation({ mutationFn: (at: LessonLocation) => learning.preview.clearCache(at) });
  if (location.kind === 'other') return <p className={styles.muted}>Not on a lesson or section page.</p>;
  if (location.kind === 'section') {
    return (
      <dl className={styles.ids}>
        <dt>track</dt>
        <dd>{location.trackId}</dd>
        <dt>section</dt>
        <dd>{location.sectionIndex}</dd>
      </dl>
    );
  }
  const lesson = chapter.data?.chapter.lessons[location.lessonIndex];
  const other = otherPrefixUrl(location);
  return (
    <>
      <dl className={styles.ids}>
        <dt>track</dt>
        <dd>{location.trackId}</dd>
        <dt>tutorial</dt>
        <dd>{location.tutorialId}</dd>
        <dt>chapter</dt>
        <dd>{location.chapterId}</dd>
        <dt>lesson</dt>
        <dd>{lesson ? `${lesson.id} (#${location.lessonIndex})` : chapter.isError ? message(chapter.error) : `#${location.lessonIndex}`}</dd>
      </dl>
      <div className={styles.row}>
        {other && <Link href={other}>Open under /{location.prefix === 'web' ? 'ssr' : 'web'}</Link>}
        <Button size="sm" variant="secondary" loading={clear.isPending} onClick={() => clear.mutate(location)}>
          Clear the server cache
        </Button>
      </div>
      {clear.isSuccess && <p role="status">Cache cleared ({clear.data.clearedTrackVersions} track versions).</p>}
      {clear.isError && <p role="alert">{message(clear.error)}</p>}
      {lesson && <Solution location={location} lessonId={lesson.id} />}
    </>
  );
}

interface CheckOutcome {
  index: number;
  passed: boolean;
  message: string;
}

/** The lesson's checks, and its reference solution run through them on the server's sandbox. */
function Solution({ location, lessonId }: { location: LessonLocation; lessonId: string }) {
  const learning = useLearning();
  const [showChecks, setShowChecks] = useState(false);
  const verification = useQuery({ queryKey: ['engineer-toolbar', 'verification', location.trackId], queryFn: () => learning.preview.verification(location.trackId), staleTime: 60_000 });
  const entry = verification.data?.lessons.find((candidate) => candidate.lessonId === lessonId);
  const run = useMutation({
    mutationFn: async () => {
      if (!entry) throw new Error('This lesson has no code to run.');
      const result = (await learning.preview.runFiles({ ...location, lessonId }, entry.solution.map((file) => ({ name: file.name, userContent: file.content })))) as { status?: string; reason?: string; checks?: CheckOutcome[]; error?: { message?: string } | null };
      if (result.status !== 'ran') throw new Error(result.reason ?? 'The server cannot run this lesson.');
      return { checks: result.checks ?? [], error: result.error?.message ?? null };
    },
  });
  if (verification.isPending) return <p className={styles.muted}>Loading the lesson’s checks…</p>;
  if (verification.isError) return <p role="alert">{message(verification.error)}</p>;
  if (!entry) return <p className={styles.muted}>Not a code lesson: no solution or checks to run.</p>;
  const failed = run.data?.checks.filter((check) => !check.passed) ?? [];
  return (
    <div className={styles.block}>
      <div className={styles.row}>
        <Button size="sm" loading={run.isPending} onClick={() => run.mutate()}>
          Run the solution
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={showChecks} onClick={() => setShowChecks(!showChecks)}>
          {showChecks ? 'Hide the checks' : `Show the checks (${entry.checks.length})`}
        </Button>
      </div>
      {run.isSuccess && (
        <p role="status" className={failed.length === 0 && !run.data.error ? styles.pass : styles.fail}>
          {failed.length === 0 && !run.data.error
            ? `The solution passes all ${run.data.checks.length} checks.`
            : `The solution fails: ${[run.data.error, ...failed.map((check) => `check ${check.index + 1}: ${check.message}`)].filter(Boolean).join('; ')}`}
        </p>
      )}
      {run.isError && <p role="alert">{message(run.error)}</p>}
      {showChecks && (
        <ol className={styles.checks}>
          {entry.checks.map((check, index) => (
            <li key={index}>
              <code>{check.type}</code> {check.message}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** One level of the jump: a select of ids, empty until the level above is chosen. */
function IdSelect({ label, value, ids, onChange }: { label: string; value: string; ids: readonly { id: string }[]; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)} disabled={ids.length === 0}>
        <option value="">Choose…</option>
        {ids.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.id}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Any lesson of any published track, by its ids. */
function Jump({ location }: { location: PageLocation }) {
  const learning = useLearning();
  const router = useRouter();
  const id = useId();
  const here = location.kind === 'lesson' || location.kind === 'section' ? location.trackId : '';
  const [trackId, setTrackId] = useState(here);
  const [tutorialId, setTutorialId] = useState(location.kind === 'lesson' ? location.tutorialId : '');
  const [chapterId, setChapterId] = useState(location.kind === 'lesson' ? location.chapterId : '');
  const [lessonIndex, setLessonIndex] = useState(location.kind === 'lesson' ? location.lessonIndex : 0);
  const tracks = useQuery({ queryKey: ['engineer-toolbar', 'tracks'], queryFn: () => learning.tracks() });
  const track = useQuery({ queryKey: ['engineer-toolbar', 'track', trackId], queryFn: () => learning.track(trackId), enabled: trackId !== '' });
  const tutorial = useQuery({ queryKey: ['engineer-toolbar', 'tutorial', trackId, tutorialId], queryFn: () => learning.tutorial(trackId, tutorialId), enabled: trackId !== '' && tutorialId !== '' });
  const tutorials = track.data?.track.sections.flatMap((section) => section.tutorials) ?? [];
  const chapters = tutorial.data?.tutorial.chapters ?? [];
  const lessons = chapters.find((chapter) => chapter.id === chapterId)?.lessons ?? [];

  function go(event: FormEvent) {
    event.preventDefault();
    if (trackId && tutorialId && chapterId) void router.push(lessonUrl({ prefix: location.kind === 'lesson' ? location.prefix : 'web', trackId, tutorialId, chapterId, lessonIndex }));
  }

  return (
    <form className={styles.jump} onSubmit={go} aria-labelledby={`${id}-jump`}>
      <h3 id={`${id}-jump`} className={styles.heading}>
        Jump to a lesson
      </h3>
      <IdSelect label="Track" value={trackId} ids={tracks.data?.tracks ?? []} onChange={(value) => (setTrackId(value), setTutorialId(''), setChapterId(''), setLessonIndex(0))} />
      <IdSelect label="Tutorial" value={tutorialId} ids={tutorials} onChange={(value) => (setTutorialId(value), setChapterId(''), setLessonIndex(0))} />
      <IdSelect label="Chapter" value={chapterId} ids={chapters} onChange={(value) => (setChapterId(value), setLessonIndex(0))} />
      <label>
        Lesson
        <select value={lessonIndex} onChange={(event) => setLessonIndex(Number(event.target.value))} disabled={lessons.length === 0}>
          {lessons.map((entry, index) => (
            <option key={entry.id} value={index}>
              {index}: {entry.id}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" size="sm" disabled={!trackId || !tutorialId || !chapterId}>
        Go
      </Button>
    </form>
  );
}

/**
 * What this deployment serves: the publish set, and on a preview deployment the working tree's
 * state and errors. "Publish the content now" publishes the server's content folder.
 */
function Content() {
  const learning = useLearning();
  const content = useQuery({
    queryKey: ['engineer-toolbar', 'content'],
    queryFn: () => learning.preview.content(),
    // Only a preview deployment's working tree changes under the engineer's hands.
    refetchInterval: (query) => (query.state.data?.deployment === 'preview' ? 5_000 : false),
  });
  const publish = useMutation({ mutationFn: () => learning.preview.publish(), onSuccess: () => void content.refetch() });
  const tree = content.data?.workingTree ?? null;
  return (
    <section aria-label="Content">
      <h3 className={styles.heading}>Content</h3>
      {content.isError && <p role="alert">{message(content.error)}</p>}
      {content.data && (
        <p className={styles.muted} data-testid="toolbar-content">
          {content.data.deployment === 'preview' ? 'Preview deployment: the working tree, published as it changes; lessons under /ssr.' : 'Published content.'} Publish set {content.data.publishSetVersion ?? 'none'}.
        </p>
      )}
      {tree && tree.errors.length > 0 && (
        <div role="alert">
          <p>The working tree has {tree.errors.length === 1 ? 'an error' : `${tree.errors.length} errors`}; the last good set stays published:</p>
          <ul className={styles.errors}>
            {tree.errors.slice(0, 10).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.row}>
        <Button size="sm" variant="secondary" loading={publish.isPending} onClick={() => publish.mutate()}>
          Publish the content now
        </Button>
      </div>
      {publish.isSuccess && <p role="status">{publish.data.message}</p>}
      {publish.isError && <p role="alert">{message(publish.error)}</p>}
    </section>
  );
}

/** Forces variants for this engineer alone (a cookie the server honours only for course engineers). */
function Experiments() {
  const router = useRouter();
  const id = useId();
  const [forced, setForced] = useState<ForcedVariants>(() => parseForcedVariants(Cookies.get(FORCED_VARIANTS_COOKIE)));
  const navigation = useRef<Promise<void>>(Promise.resolve());

  function choose(name: ExperimentName, variant: string) {
    const next: Record<string, string> = { ...forced };
    if (variant === '') delete next[name];
    else next[name] = variant;
    const checked = parseForcedVariants(JSON.stringify(next));
    setForced(checked);
    if (Object.keys(checked).length === 0) Cookies.remove(FORCED_VARIANTS_COOKIE, { path: '/' });
    else Cookies.set(FORCED_VARIANTS_COOKIE, serializeForcedVariants(checked), { path: '/', sameSite: 'lax', expires: 30, secure: window.location.protocol === 'https:' });
    // The server renders the variant: load the page again, one reload after the other (Next shares
    // an in-flight request for the same URL, so a quick second choice would get the first's page).
    navigation.current = navigation.current.then(() => router.replace(router.asPath, undefined, { scroll: false })).then(
      () => undefined,
      () => undefined,
    );
  }

  return (
    <fieldset className={styles.experiments}>
      <legend className={styles.heading}>Experiment variants (for you only)</legend>
      {EXPERIMENT_NAMES.map((name) => (
        <label key={name} htmlFor={`${id}-${name}`}>
          {name}
          <select id={`${id}-${name}`} value={forced[name] ?? ''} onChange={(event) => choose(name, event.target.value)}>
            <option value="">As assigned</option>
            {(EXPERIMENTS[name].variants as readonly string[]).map((variant) => (
              <option key={variant} value={variant}>
                {variant}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The course engineer's toolbar (issue 16), on every page for that role only: loaded as a chunk of
 * its own after the page, never rendered on the server, so learners get neither its code nor its HTML.
 */
export default function EngineerToolbar() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const location = pageLocation(router.asPath);
  return (
    <aside className={styles.toolbar} aria-label="Course engineer toolbar" data-open={open || undefined}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="engineer-toolbar-panel" onClick={() => setOpen(!open)}>
        {open ? 'Close the engineer tools' : 'Engineer tools'}
      </button>
      {open && (
        <div id="engineer-toolbar-panel" className={styles.panel}>
          <section aria-label="This page">
            <h3 className={styles.heading}>This page</h3>
            <Here location={location} />
          </section>
          <Content />
          <Jump key={router.asPath} location={location} />
          <Experiments />
          <p className={styles.muted}>
            <Link href="/web/preview/verify">Verify a whole track in this browser</Link>
          </p>
        </div>
      )}
    </aside>
  );
}
