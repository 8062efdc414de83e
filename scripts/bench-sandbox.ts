/**
 * `npm run bench:sandbox`: does hostile lesson code on the server slow everyone else down?
 * Starts the real stack, then measures GET /api/health and a learner's GET /api/v1/tracks with
 * autocannon twice in the same run: first on a quiet server (the baseline), then while a course
 * engineer keeps five hostile runs in flight through the preview runfiles endpoint (endless
 * loops in Python and JavaScript, a C-level Python loop, a memory bomb, an endless microtask
 * loop). Prints p50/p99 of both beside each other, and what the hostile runs got back.
 */
import { measure, ms, signIn, signUp, withStack, type Figures } from './lib/bench';

const PORT = Number(process.env.BENCH_PORT || 3310);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const DURATION = Number(process.env.BENCH_SECONDS || 15);
const IN_FLIGHT = 5;

const PYTHON_LESSON = '/api/v1/preview/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps/lessons/py-hello-print/runfiles';
const JS_LESSON = '/api/v1/preview/tracks/javascript/tutorials/js-basics/chapters/js-basics-first-steps/lessons/js-console-log/runfiles';

const HOSTILE: { url: string; file: string; code: string }[] = [
  { url: PYTHON_LESSON, file: 'main.py', code: 'while True:\n    pass' },
  { url: PYTHON_LESSON, file: 'main.py', code: 'total = sum(range(10**12))' },
  { url: PYTHON_LESSON, file: 'main.py', code: 'block = bytearray(2_000_000_000)' },
  { url: JS_LESSON, file: 'script.js', code: 'while (true) {}' },
  { url: JS_LESSON, file: 'script.js', code: '(async () => { for (;;) await null; })(); for (;;) {}' },
];

async function main(): Promise<void> {
  await withStack(
    PORT,
    '.data/bench-sandbox',
    async (base) => {
      const learner = { Authorization: `Bearer ${await signUp('bench-sandbox')}` };
      const engineer = { Authorization: `Bearer ${await signIn('engineer@codetrail.local', 'build-courses')}`, 'Content-Type': 'application/json' };
      const targets = [
        { name: 'GET /api/health', options: { url: `${base}/api/health` } },
        { name: 'GET /api/v1/tracks (learner)', options: { url: `${base}/api/v1/tracks`, headers: learner } },
      ];
      const run = (title: string, options: Parameters<typeof measure>[1]) => measure(title, { connections: CONNECTIONS, duration: DURATION, ...options });
      await run('warm-up', { url: `${base}/api/v1/tracks`, headers: learner, duration: 3 });

      const quiet: Figures[] = [];
      for (const target of targets) quiet.push(await run(target.name, target.options));

      // Five hostile runs in flight for the whole measurement: each worker starts the next as one ends.
      let attacking = true;
      const outcomes = new Map<string, number>();
      const attacker = async (index: number) => {
        for (let round = 0; attacking; round += 1) {
          const hostile = HOSTILE[(index + round) % HOSTILE.length];
          if (!hostile) return;
          const response = await fetch(`${base}${hostile.url}`, { method: 'POST', headers: engineer, body: JSON.stringify({ files: [{ name: hostile.file, userContent: hostile.code }] }) });
          const body = (await response.json().catch(() => ({}))) as { error?: { type?: string } | null; message?: string };
          const key = `${response.status} ${body.error?.type ?? body.message ?? ''}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }
      };
      const attackers = Array.from({ length: IN_FLIGHT }, (_, index) => attacker(index));
      await new Promise((resolve) => setTimeout(resolve, 8000)); // let the first runs start (Python loads)
      const attacked: Figures[] = [];
      for (const target of targets) attacked.push(await run(target.name, target.options));
      attacking = false;
      await Promise.all(attackers);

      console.log(`\n${CONNECTIONS} connections, ${DURATION} s each; ${IN_FLIGHT} hostile runs in flight during the second column\n`);
      console.log('endpoint                        quiet p50  quiet p99 | attacked p50  attacked p99  errors');
      targets.forEach((target, index) => {
        const a = quiet[index];
        const b = attacked[index];
        if (!a || !b) return;
        console.log(`${target.name.padEnd(30)} ${ms(a.p50)}   ${ms(a.p99)} |     ${ms(b.p50)}      ${ms(b.p99)}  ${String(b.failures).padStart(6)}`);
      });
      console.log('\nHostile runs answered:');
      for (const [key, count] of [...outcomes].sort()) console.log(`  ${String(count).padStart(4)} × ${key}`);
    },
    { RATE_LIMIT_API_PER_MINUTE: '1000000' },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
