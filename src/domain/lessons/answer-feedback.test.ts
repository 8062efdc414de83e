import { hasAnswerToCheck, wrongAnswerText, type AnswerInteraction } from './answer-feedback';

describe('wrongAnswerText', () => {
  it.each([
    ['multiple-choice', 1, 'Not quite. Read the question again and pick another answer.'],
    ['multiple-choice', 3, 'Not quite. Read the question again and pick another answer.'],
    ['fill-gap', 1, 'Not quite: 1 gap is not right yet (marked ✗ above).'],
    ['fill-gap', 2, 'Not quite: 2 gaps are not right yet (marked ✗ above).'],
    ['fill-gap', 0, 'Not quite: 0 gaps are not right yet (marked ✗ above).'],
    ['reorder', 1, 'Not quite: 1 line is in the wrong place (marked ✗ above).'],
    ['reorder', 4, 'Not quite: 4 lines are in the wrong place (marked ✗ above).'],
  ] as [AnswerInteraction, number, string][])('%s with %d wrong → %s', (kind, wrongCount, expected) => {
    expect(wrongAnswerText(kind, wrongCount)).toBe(expected);
  });
});

describe('hasAnswerToCheck', () => {
  it.each([
    ['multiple-choice', [], [], false],
    ['multiple-choice', [0], [], true],
    ['multiple-choice', [2, 1], [], true],
    ['fill-gap', [], ['', ''], false],
    ['fill-gap', [], ['  ', '\t'], false],
    ['fill-gap', [], ['', 'print'], true],
    ['fill-gap', [], [], false],
    ['reorder', [], [], true],
    ['code', [], [], true],
  ] as [AnswerInteraction | 'code', number[], string[], boolean][])('%s selected %j answers %j → %s', (kind, selected, answers, expected) => {
    expect(hasAnswerToCheck(kind, { selected, answers })).toBe(expected);
  });
});
