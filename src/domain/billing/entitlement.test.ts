import { COURSE_ENGINEER } from '@/domain/identity/roles';
import { accessTo, DEFAULT_FREE_ALLOWANCE, needsPro, proBenefits, proMessage, type FreeAllowance, type Learner, type ProFeature } from './entitlement';

const free: Learner = { pro: false, roles: [] };
const pro: Learner = { pro: true, roles: [] };
const engineer: Learner = { pro: false, roles: [COURSE_ENGINEER] };
const otherRole: Learner = { pro: false, roles: ['admin', 'course-engineer', 'COURSE_ENGINEER'] };

const course = (sectionIndex: number): ProFeature => ({ kind: 'section', sectionIndex, tutorialKind: 'course' });
const project = (sectionIndex: number): ProFeature => ({ kind: 'section', sectionIndex, tutorialKind: 'project' });
const building = (ownedProjects: number): ProFeature => ({ kind: 'build-project', ownedProjects });
const machines: ProFeature = { kind: 'machines' };
const modelTutor: ProFeature = { kind: 'model-tutor' };

const SECTION_MESSAGE = 'This section is part of Codetrail Pro. The first section of every track is free; Pro opens the rest, guided projects included.';
const PROJECT_MESSAGE = 'Guided projects are part of Codetrail Pro. Subscribe to build this project step by step.';

describe('needsPro', () => {
  it.each<[string, ProFeature, FreeAllowance, boolean]>([
    ['the first section’s course tutorials', course(0), DEFAULT_FREE_ALLOWANCE, false],
    ['the second section’s course tutorials', course(1), DEFAULT_FREE_ALLOWANCE, true],
    ['a late section’s course tutorials', course(9), DEFAULT_FREE_ALLOWANCE, true],
    ['a guided project in the first section', project(0), DEFAULT_FREE_ALLOWANCE, true],
    ['a guided project in a later section', project(3), DEFAULT_FREE_ALLOWANCE, true],
    ['a first project', building(0), DEFAULT_FREE_ALLOWANCE, false],
    ['a third project (owning 2 of 3)', building(2), DEFAULT_FREE_ALLOWANCE, false],
    ['a fourth project (owning 3 of 3)', building(3), DEFAULT_FREE_ALLOWANCE, true],
    ['a project while already over the allowance', building(10), DEFAULT_FREE_ALLOWANCE, true],
    ['a sixth project with 5 free', building(5), { freeProjects: 5 }, true],
    ['a fifth project with 5 free', building(4), { freeProjects: 5 }, false],
    ['any project when none are free', building(0), { freeProjects: 0 }, true],
    ['machines', machines, DEFAULT_FREE_ALLOWANCE, true],
    ['the model tutor', modelTutor, DEFAULT_FREE_ALLOWANCE, true],
  ])('%s → %s', (_label, feature, allowance, expected) => {
    expect(needsPro(feature, allowance)).toBe(expected);
  });
});

describe('accessTo', () => {
  const features: [string, ProFeature][] = [
    ['first section', course(0)],
    ['second section', course(1)],
    ['guided project', project(0)],
    ['third project', building(2)],
    ['fourth project', building(3)],
    ['machines', machines],
    ['model tutor', modelTutor],
  ];

  it.each(features)('a Pro learner may use the %s', (_label, feature) => {
    expect(accessTo(feature, pro)).toEqual({ allowed: true });
  });

  it.each(features)('a course engineer without Pro may use the %s', (_label, feature) => {
    expect(accessTo(feature, engineer)).toEqual({ allowed: true });
  });

  it.each<[string, ProFeature, Learner, ReturnType<typeof accessTo>]>([
    ['first section, free learner', course(0), free, { allowed: true }],
    ['third project, free learner', building(2), free, { allowed: true }],
    ['second section, free learner', course(1), free, { allowed: false, feature: 'section', message: SECTION_MESSAGE }],
    ['guided project in the first section, free learner', project(0), free, { allowed: false, feature: 'section', message: PROJECT_MESSAGE }],
    ['guided project in a later section, free learner', project(2), free, { allowed: false, feature: 'section', message: SECTION_MESSAGE }],
    ['fourth project, free learner', building(3), free, { allowed: false, feature: 'build-project', message: 'Free accounts keep up to 3 projects. Delete one, or get Codetrail Pro for as many as you like.' }],
    ['machines, free learner', machines, free, { allowed: false, feature: 'machines', message: 'Machines are part of Codetrail Pro: your own Linux computer in the browser.' }],
    ['model tutor, free learner', modelTutor, free, { allowed: false, feature: 'model-tutor', message: 'The AI tutor is part of Codetrail Pro. The lesson’s own hints and explanations stay free.' }],
    ['machines, only lookalike roles', machines, otherRole, { allowed: false, feature: 'machines', message: 'Machines are part of Codetrail Pro: your own Linux computer in the browser.' }],
    ['second section, Pro and course engineer', course(1), { pro: true, roles: [COURSE_ENGINEER] }, { allowed: true }],
  ])('%s', (_label, feature, learner, expected) => {
    expect(accessTo(feature, learner)).toEqual(expected);
  });

  it('uses the allowance it is given, and the default one otherwise', () => {
    expect(accessTo(building(3), free, { freeProjects: 5 })).toEqual({ allowed: true });
    expect(accessTo(building(5), free, { freeProjects: 5 })).toEqual({ allowed: false, feature: 'build-project', message: proMessage(building(5), { freeProjects: 5 }) });
    expect(accessTo(building(3), free)).toEqual(accessTo(building(3), free, DEFAULT_FREE_ALLOWANCE));
  });

  it('gives the same decision as needsPro for a free learner, whatever the feature', () => {
    for (const [, feature] of features) {
      expect(accessTo(feature, free).allowed).toBe(!needsPro(feature, DEFAULT_FREE_ALLOWANCE));
    }
  });
});

describe('proMessage', () => {
  it.each<[string, ProFeature, FreeAllowance, string]>([
    ['later section', course(4), DEFAULT_FREE_ALLOWANCE, SECTION_MESSAGE],
    ['guided project in the free section', project(0), DEFAULT_FREE_ALLOWANCE, PROJECT_MESSAGE],
    ['build projects with 5 free', building(5), { freeProjects: 5 }, 'Free accounts keep up to 5 projects. Delete one, or get Codetrail Pro for as many as you like.'],
  ])('%s', (_label, feature, allowance, expected) => {
    expect(proMessage(feature, allowance)).toBe(expected);
  });
});

describe('proBenefits', () => {
  it.each([3, 10])('lists what Pro unlocks, with the free project allowance (%i)', (freeProjects) => {
    expect(proBenefits({ freeProjects })).toEqual([
      'Every section of every track, not just the first',
      'All guided projects: build real things step by step',
      `Unlimited projects in the build area (free: ${freeProjects})`,
      'Machines: your own Linux computer in the browser',
      'The AI tutor when you are stuck',
    ]);
  });
});
