import { chatReducer, dailyGoalFor, recommendationAmong, firstExercise, initialChat, isComplete, nextOpenStep, onboardingAnswersSchema, recommendTrack, SKIPPED_ANSWERS, type ChatEvent, type ChatState, type OnboardingAnswers } from './onboarding-chat';

const run = (events: ChatEvent[], start: ChatState = initialChat()) => events.reduce(chatReducer, start);
const all: OnboardingAnswers = { goal: 'career', build: 'websites', experience: 'none', minutes: '15' };

describe('recommendTrack', () => {
  it.each<[OnboardingAnswers, string]>([
    [{ build: 'websites', experience: 'none' }, 'html'],
    [{ build: 'websites', experience: 'little' }, 'html'],
    [{ build: 'websites', experience: 'some' }, 'javascript'],
    [{ build: 'games' }, 'javascript'],
    [{ build: 'data', experience: 'none' }, 'sql'],
    [{ build: 'data', experience: 'some' }, 'python'],
    [{ build: 'automation' }, 'python'],
    [{ build: 'unsure' }, 'python'],
    [{}, 'python'],
  ])('%j → %s', (answers, trackId) => {
    const recommendation = recommendTrack(answers);
    expect(recommendation.trackId).toBe(trackId);
    expect(recommendation.reason.length).toBeGreaterThan(20);
    expect(firstExercise(answers).choices.filter((choice) => choice.right)).toHaveLength(1);
  });

  it.each([
    ['5', 'casual'],
    ['10', 'regular'],
    ['15', 'serious'],
    ['20', 'intense'],
    [undefined, 'regular'],
  ] as const)('%s minutes a day → the %s goal', (minutes, goal) => {
    expect(dailyGoalFor(minutes)).toBe(goal);
  });
});

describe('the chat machine', () => {
  it('asks in order: why, build, experience, minutes, the exercise, then recommends', () => {
    const steps: string[] = [];
    let state = initialChat();
    for (const event of [
      { type: 'answer', step: 'goal', value: 'career' },
      { type: 'answer', step: 'build', value: 'websites' },
      { type: 'answer', step: 'experience', value: 'none' },
      { type: 'answer', step: 'minutes', value: '15' },
      { type: 'exercise', choiceId: 'a' },
    ] as ChatEvent[]) {
      steps.push(state.step);
      state = chatReducer(state, event);
    }
    expect([...steps, state.step]).toEqual(['goal', 'build', 'experience', 'minutes', 'exercise', 'recommendation']);
    expect(state.answers).toEqual({ ...all, exercise: 'right' });
  });

  it.each<[string, ChatEvent[], Partial<ChatState>]>([
    ['an option that does not exist changes nothing', [{ type: 'answer', step: 'goal', value: 'fame' }], { step: 'goal', answers: {} }],
    ['an answer to a later question changes nothing', [{ type: 'answer', step: 'minutes', value: '5' }], { step: 'goal', answers: {} }],
    ['a wrong exercise answer is kept and the chat goes on', [...['goal', 'build', 'experience', 'minutes'].map((step, index) => ({ type: 'answer', step, value: ['fun', 'games', 'some', '5'][index] }) as ChatEvent), { type: 'exercise', choiceId: 'b' }], { step: 'recommendation' }],
    ['an exercise answer before the exercise changes nothing', [{ type: 'exercise', choiceId: 'a' }], { step: 'goal', answers: {} }],
    ['back from the first question stays', [{ type: 'back' }], { step: 'goal' }],
    ['skip fills the rest with the defaults', [{ type: 'answer', step: 'goal', value: 'school' }, { type: 'skip' }], { step: 'recommendation', answers: { ...SKIPPED_ANSWERS, goal: 'school' } }],
    ['changing an unanswered question changes nothing', [{ type: 'change', step: 'minutes' }], { step: 'goal' }],
  ])('%s', (_, events, expected) => {
    expect(run(events)).toMatchObject(expected);
  });

  it('going back and changing an answer keeps the others and returns to where the chat was', () => {
    const done = run([], { step: 'recommendation', answers: { ...all, exercise: 'right' } });
    const back = run([{ type: 'back' }, { type: 'back' }], done);
    expect(back.step).toBe('minutes');
    const changed = chatReducer(back, { type: 'answer', step: 'minutes', value: '5' });
    expect(changed).toEqual({ step: 'recommendation', answers: { ...all, minutes: '5', exercise: 'right' } });
  });

  it('a change that moves the recommendation asks the exercise again, in the new language', () => {
    const done: ChatState = { step: 'recommendation', answers: { ...all, exercise: 'right' } };
    const asked = run([{ type: 'change', step: 'build' }], done);
    expect(asked.step).toBe('build');
    const changed = chatReducer(asked, { type: 'answer', step: 'build', value: 'automation' });
    expect(changed.step).toBe('exercise');
    expect(changed.answers.exercise).toBeUndefined();
    expect(firstExercise(changed.answers).code).toMatch(/print/);
  });

  it('resumes where stored answers stop', () => {
    expect(nextOpenStep({ goal: 'fun', build: 'games' })).toBe('experience');
    expect(initialChat({ ...all, exercise: 'wrong' }).step).toBe('recommendation');
  });
});

describe('the answers the API accepts', () => {
  it.each<[string, unknown, boolean]>([
    ['nothing yet', {}, true],
    ['every answer', { goal: 'career', build: 'data', experience: 'some', minutes: '20', exercise: 'wrong' }, true],
    ['an option of another question', { goal: 'websites' }, false],
    ['a made-up option', { minutes: '60' }, false],
    ['a number for minutes', { minutes: 10 }, false],
    ['an unknown question', { goal: 'fun', favouriteColour: 'blue' }, false],
    ['a __proto__ key (refused as unknown)', JSON.parse('{"__proto__": {"goal": "fun"}}'), false],
    ['a prototype-named option', { goal: 'constructor' }, false],
    ['an exercise verdict that is not right or wrong', { exercise: 'maybe' }, false],
  ])('%s', (_, answers, ok) => {
    expect(onboardingAnswersSchema.safeParse(answers).success).toBe(ok);
  });

  it.each<[OnboardingAnswers, boolean]>([
    [{}, false],
    [{ goal: 'fun', build: 'games', experience: 'none' }, false],
    [{ goal: 'fun', build: 'games', experience: 'none', minutes: '5' }, true],
    [SKIPPED_ANSWERS, true],
  ])('isComplete(%j) is %s', (answers, complete) => {
    expect(isComplete(answers)).toBe(complete);
  });
});

describe('recommendationAmong the published tracks', () => {
  const tracks = [
    { id: 'python', title: 'Python' },
    { id: 'html', title: 'HTML' },
  ];
  it.each<[string, OnboardingAnswers, typeof tracks, string | null, RegExp | null]>([
    ['the recommended track when it is published', { build: 'websites', experience: 'none' }, tracks, 'html', /Every website starts with HTML/],
    ['the first published track otherwise, with a reason of its own', { build: 'games' }, tracks, 'python', /^Python is a friendly place to begin\.$/],
    ['nothing when no track is published', { build: 'games' }, [], null, null],
  ])('%s', (_, answers, published, trackId, reason) => {
    const chosen = recommendationAmong(answers, published);
    expect(chosen?.track.id ?? null).toBe(trackId);
    if (reason) expect(chosen?.reason).toMatch(reason);
  });
});
