import { COURSE_ENGINEER } from '@/domain/identity/roles';

/**
 * What Codetrail Pro unlocks: the one rule every gate asks, on the server (issue 15).
 *
 * Free: the first section of every track (its course tutorials), the build area up to
 * `freeProjects` projects, the built-in tutor explanations.
 * Pro: every later section (with every guided project), more projects, machines, the
 * model-backed tutor. Course engineers see everything, as they preview everything.
 */

export type ProFeature =
  | { kind: 'section'; sectionIndex: number; tutorialKind: 'course' | 'project' }
  | { kind: 'build-project'; ownedProjects: number }
  | { kind: 'machines' }
  | { kind: 'model-tutor' };

export type ProFeatureKind = ProFeature['kind'];

export interface Learner {
  pro: boolean;
  roles: readonly string[];
}

export interface FreeAllowance {
  /** Projects a free learner may keep in the build area. */
  freeProjects: number;
}

export const DEFAULT_FREE_ALLOWANCE: FreeAllowance = { freeProjects: 3 };

export type AccessDecision = { allowed: true } | { allowed: false; feature: ProFeatureKind; message: string };

/** Whether a feature needs Pro at all, whoever asks. */
export function needsPro(feature: ProFeature, allowance: FreeAllowance): boolean {
  switch (feature.kind) {
    case 'section':
      return feature.sectionIndex > 0 || feature.tutorialKind === 'project';
    case 'build-project':
      return feature.ownedProjects >= allowance.freeProjects;
    case 'machines':
    case 'model-tutor':
      return true;
  }
}

export function proMessage(feature: ProFeature, allowance: FreeAllowance): string {
  switch (feature.kind) {
    case 'section':
      return feature.tutorialKind === 'project' && feature.sectionIndex === 0
        ? 'Guided projects are part of Codetrail Pro. Subscribe to build this project step by step.'
        : 'This section is part of Codetrail Pro. The first section of every track is free; Pro opens the rest, guided projects included.';
    case 'build-project':
      return `Free accounts keep up to ${allowance.freeProjects} projects. Delete one, or get Codetrail Pro for as many as you like.`;
    case 'machines':
      return 'Machines are part of Codetrail Pro: your own Linux computer in the browser.';
    case 'model-tutor':
      return 'The AI tutor is part of Codetrail Pro. The lesson’s own hints and explanations stay free.';
  }
}

export function accessTo(feature: ProFeature, learner: Learner, allowance: FreeAllowance = DEFAULT_FREE_ALLOWANCE): AccessDecision {
  if (!needsPro(feature, allowance) || learner.pro || learner.roles.includes(COURSE_ENGINEER)) return { allowed: true };
  return { allowed: false, feature: feature.kind, message: proMessage(feature, allowance) };
}

/** What the paywall lists, in the order learners value it. */
export function proBenefits(allowance: FreeAllowance): string[] {
  return [
    'Every section of every track, not just the first',
    'All guided projects: build real things step by step',
    `Unlimited projects in the build area (free: ${allowance.freeProjects})`,
    'Machines: your own Linux computer in the browser',
    'The AI tutor when you are stuck',
  ];
}

/** The section feature of a tutorial of a track (a tutorial in no section counts as the first's). */
export function tutorialFeature(track: { sections: readonly { tutorialIds: readonly string[] }[]; tutorials: readonly { id: string; kind: 'course' | 'project' }[] }, tutorialId: string): Extract<ProFeature, { kind: 'section' }> {
  const sectionIndex = Math.max(0, track.sections.findIndex((section) => section.tutorialIds.includes(tutorialId)));
  const tutorialKind = track.tutorials.find((tutorial) => tutorial.id === tutorialId)?.kind ?? 'course';
  return { kind: 'section', sectionIndex, tutorialKind };
}
