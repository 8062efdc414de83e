export { FillGap } from './fill-gap';
export type { FillGapProps } from './fill-gap';
export { MultipleChoice } from './multiple-choice';
export type { MultipleChoiceProps } from './multiple-choice';
export { ReorderLines } from './reorder-lines';
export type { ReorderLinesProps } from './reorder-lines';
