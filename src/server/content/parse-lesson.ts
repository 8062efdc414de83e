import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { checkSchema, INTERACTIONS, type Check, type GapSegment, type Interaction, type Lesson, type LessonFileDefinition, type SolutionVariant } from '@/domain/content/model';
import { CODE_LANGUAGES, isCodeLanguage, languageFromFileName, type CodeLanguage } from '@/domain/lessons/code-language';
import { ID_PATTERN, type ContentError } from './content-error';
import { fencedBlocks, listItems, splitFrontMatter, splitParts, textOf, type Part } from './markdown-parts';

const frontMatterSchema = z
  .object({
    id: z.string().regex(ID_PATTERN, 'id must be lower-case kebab-case'),
    title: z.string().min(1),
    interaction: z.enum(INTERACTIONS),
    codeLanguage: z.string().optional(),
  })
  .strict();

const PARTS_BY_INTERACTION: Record<Interaction['kind'], { required: string[]; optional: string[] }> = {
  'multiple-choice': { required: ['question', 'choices'], optional: [] },
  'fill-gap': { required: ['files'], optional: ['options'] },
  reorder: { required: ['lines'], optional: [] },
  code: { required: ['files', 'solution', 'checks'], optional: ['seed', 'check-data', 'input', 'wrong', 'alternatives'] },
};
const COMMON_PARTS = ['explanation', 'hints'];

/** Prose words in an explanation, code blocks not counted (the curriculum's "under about 120 words"). */
const MAX_EXPLANATION_WORDS = 120;

type Errors = ContentError[];

export function parseFiles(part: Part, file: string, errors: Errors, allowReadOnly: boolean): LessonFileDefinition[] {
  const { blocks, unclosed } = fencedBlocks(part.body);
  if (unclosed) errors.push({ file, line: unclosed.line, message: 'code block is not closed' });
  const files: LessonFileDefinition[] = [];
  for (const block of blocks) {
    const heading = block.heading ? /^##\s+(\S+)\s*(\(read-only\))?\s*$/.exec(block.heading.text) : null;
    if (!heading?.[1]) {
      errors.push({ file, line: block.line, message: `every code block in "${part.name}" needs a "## <file name>" heading before it` });
      continue;
    }
    const name = heading[1];
    if (!/^[A-Za-z0-9_.-]+\.[A-Za-z0-9]+$/.test(name)) {
      errors.push({ file, line: block.heading?.line ?? block.line, message: `"${name}" is not a valid file name (letters, digits, _ . - and an extension)` });
      continue;
    }
    if (heading[2] && !allowReadOnly) errors.push({ file, line: block.heading?.line ?? block.line, message: `"(read-only)" has no meaning in "${part.name}"` });
    if (files.some((existing) => existing.name === name)) {
      errors.push({ file, line: block.heading?.line ?? block.line, message: `file "${name}" appears twice` });
      continue;
    }
    files.push({ name, content: block.content, editable: !heading[2] });
  }
  if (files.length === 0 && blocks.length === 0) errors.push({ file, line: part.line, message: `"${part.name}" has no files` });
  return files;
}

/**
 * `# --wrong--` and `# --alternatives--`: one answer per code block, each under a heading
 * `## <file> (<what it shows>)`; the block replaces that file of the solution.
 */
function parseVariants(part: Part, file: string, errors: Errors, lessonFiles: LessonFileDefinition[]): SolutionVariant[] {
  const { blocks, unclosed } = fencedBlocks(part.body);
  if (unclosed) errors.push({ file, line: unclosed.line, message: 'code block is not closed' });
  const variants: SolutionVariant[] = [];
  for (const block of blocks) {
    const heading = block.heading ? /^##\s+(\S+)\s+\((.+)\)\s*$/.exec(block.heading.text) : null;
    const line = block.heading?.line ?? block.line;
    if (!heading?.[1] || !heading[2]?.trim()) {
      errors.push({ file, line, message: `every answer in "${part.name}" needs a heading "## <file name> (<what it shows>)" before its code block` });
      continue;
    }
    const [, name, label] = heading;
    const target = lessonFiles.find((definition) => definition.name === name);
    if (!target) errors.push({ file, line, message: `"${name}" in "${part.name}" is not one of the lesson's files` });
    else if (!target.editable) errors.push({ file, line, message: `"${name}" in "${part.name}" is read-only; learners cannot change it` });
    else if (variants.some((variant) => variant.label === label.trim())) errors.push({ file, line, message: `two answers in "${part.name}" are both called "${label.trim()}"` });
    else variants.push({ label: label.trim(), files: [{ name, content: block.content }] });
  }
  if (blocks.length === 0) errors.push({ file, line: part.line, message: `"${part.name}" has no answers` });
  return variants;
}

function singleBlock(part: Part, file: string, errors: Errors): { info: string; content: string; line: number } | null {
  const { blocks, unclosed } = fencedBlocks(part.body);
  if (unclosed) errors.push({ file, line: unclosed.line, message: 'code block is not closed' });
  if (blocks.length !== 1 || !blocks[0]) {
    errors.push({ file, line: part.line, message: `"${part.name}" must contain exactly one fenced code block` });
    return null;
  }
  return blocks[0];
}

export function parseChecks(part: Part, file: string, errors: Errors): Check[] {
  const block = singleBlock(part, file, errors);
  if (!block) return [];
  let raw: unknown;
  try {
    raw = parseYaml(block.content);
  } catch (error) {
    errors.push({ file, line: block.line, message: `checks are not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
    return [];
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.push({ file, line: block.line, message: 'checks must be a YAML list with at least one check' });
    return [];
  }
  const checks: Check[] = [];
  raw.forEach((item, index) => {
    const result = checkSchema.safeParse(item);
    if (result.success) checks.push(result.data);
    else {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      errors.push({ file, line: block.line, message: `check ${index + 1}${where}: ${issue?.message ?? 'invalid check'}` });
    }
  });
  return checks;
}

// [[answer]] or [[a|b]]; "\|" is a literal bar inside an answer.
const GAP = /\[\[((?:\\\||[^\]])+?)\]\]/g;

function parseGaps(files: LessonFileDefinition[], file: string, line: number, errors: Errors) {
  const gaps: { accepted: string[] }[] = [];
  const templates = files.map((definition) => {
    const segments: GapSegment[] = [];
    let last = 0;
    for (const match of definition.content.matchAll(GAP)) {
      if (match.index > last) segments.push(definition.content.slice(last, match.index));
      const accepted = (match[1] ?? '')
        .split(/(?<!\\)\|/)
        .map((answer) => answer.replace(/\\\|/g, '|').trim())
        .filter((answer) => answer.length > 0);
      if (accepted.length === 0) errors.push({ file, line, message: `an empty gap in ${definition.name}` });
      segments.push({ gap: gaps.length });
      gaps.push({ accepted });
      last = match.index + match[0].length;
    }
    if (last < definition.content.length) segments.push(definition.content.slice(last));
    return { name: definition.name, segments };
  });
  if (gaps.length === 0) errors.push({ file, line, message: 'a fill-gap lesson needs at least one [[gap]] in its files' });
  const filled = files.map((definition) => ({
    ...definition,
    content: definition.content.replace(GAP, (_whole, inner: string) => (inner.split(/(?<!\\)\|/)[0] ?? '').replace(/\\\|/g, '|').trim()),
  }));
  return { templates, gaps, filled };
}

function checkReferences(checks: Check[], files: LessonFileDefinition[], file: string, line: number, errors: Errors) {
  const names = new Set(files.map((definition) => definition.name));
  const languages = new Set(files.map((definition) => languageFromFileName(definition.name)));
  checks.forEach((check, index) => {
    const label = `check ${index + 1} (${check.type})`;
    if (check.type === 'assert') {
      // Checks decide behaviour and constructs, never the program's text (use rerun and uses checks).
      const read = [...names].find((name) => new RegExp(`["'\`]${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`).test(check.code));
      if (read) errors.push({ file, line, message: `${label} reads "${read}": a check must not read the program's text; use a rerun check (other values) or a uses check (constructs)` });
      if (check.file && !names.has(check.file)) errors.push({ file, line, message: `${label} refers to file "${check.file}", which the lesson does not have` });
      if (!languages.has('python') && !languages.has('javascript') && !languages.has('jsx'))
        errors.push({ file, line, message: `${label} needs a Python or JavaScript file to run after` });
    }
    const program = languages.has('python') || languages.has('javascript');
    if (check.type === 'uses') {
      if (check.file && !names.has(check.file)) errors.push({ file, line, message: `${label} refers to file "${check.file}", which the lesson does not have` });
      if (!program) errors.push({ file, line, message: `${label} needs a Python or JavaScript program to read` });
      const python = languages.has('python');
      if (python && (check.construct === 'template-literal' || check.construct === 'arrow-function')) errors.push({ file, line, message: `${label}: Python has no ${check.construct}` });
      if (!python && (check.construct === 'f-string' || check.construct === 'comprehension')) errors.push({ file, line, message: `${label}: JavaScript has no ${check.construct}` });
      if ((check.construct === 'call' || check.construct === 'import') && !check.name) errors.push({ file, line, message: `${label}: say which ${check.construct === 'call' ? 'function' : 'module'} with "name"` });
    }
    if (check.type === 'rerun' && !program) errors.push({ file, line, message: `${label} needs a Python or JavaScript program to run again` });
    if ((check.type === 'dom' || check.type === 'css' || check.type === 'css-rule') && !languages.has('html')) errors.push({ file, line, message: `${label} needs an html file to look at` });
    if (check.type === 'sql-result') {
      if (!languages.has('sql')) errors.push({ file, line, message: `${label} needs an sql file whose query it checks` });
      check.rows.forEach((row, rowIndex) => {
        if (row.length !== check.columns.length) errors.push({ file, line, message: `${label}: row ${rowIndex + 1} has ${row.length} values for ${check.columns.length} columns` });
      });
    }
    if ((check.type === 'output-equals' || check.type === 'output-contains') && !languages.has('python') && !languages.has('javascript') && !languages.has('jsx'))
      errors.push({ file, line, message: `${label} needs a Python or JavaScript program whose output it reads` });
  });
}

export function parseLesson(text: string, file: string): { lesson: Lesson | null; errors: ContentError[] } {
  const errors: Errors = [];
  const { frontMatter, frontMatterLine, rest } = splitFrontMatter(text);
  if (frontMatter === null) return { lesson: null, errors: [{ file, line: 1, message: 'a lesson starts with front matter between "---" lines' }] };

  let meta: z.infer<typeof frontMatterSchema>;
  try {
    const result = frontMatterSchema.safeParse(parseYaml(frontMatter));
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ file, line: frontMatterLine, message: `front matter ${issue.path.join('.') || ''}: ${issue.message}`.replace(' : ', ': ') });
      return { lesson: null, errors };
    }
    meta = result.data;
  } catch (error) {
    return { lesson: null, errors: [{ file, line: frontMatterLine, message: `front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }] };
  }
  if (meta.codeLanguage !== undefined && !isCodeLanguage(meta.codeLanguage)) {
    errors.push({ file, line: frontMatterLine, message: `unknown codeLanguage "${meta.codeLanguage}" (use one of ${CODE_LANGUAGES.join(', ')})` });
  }

  const { parts, stray, headingsInCode } = splitParts(rest);
  for (const heading of headingsInCode) {
    errors.push({ file, line: heading.line, message: `"${heading.text.trim()}" is inside a code block: is a closing fence (\`\`\`) missing above it?` });
  }
  if (stray[0]) errors.push({ file, line: stray[0].line, message: 'text outside a "# --part--" section' });
  const byName = new Map<string, Part>();
  const allowed = new Set([...COMMON_PARTS, ...PARTS_BY_INTERACTION[meta.interaction].required, ...PARTS_BY_INTERACTION[meta.interaction].optional]);
  for (const part of parts) {
    if (byName.has(part.name)) errors.push({ file, line: part.line, message: `part "${part.name}" appears twice` });
    else if (!allowed.has(part.name)) errors.push({ file, line: part.line, message: `part "${part.name}" is not used by ${meta.interaction} lessons` });
    byName.set(part.name, part);
  }
  for (const required of [...COMMON_PARTS, ...PARTS_BY_INTERACTION[meta.interaction].required]) {
    if (!byName.has(required)) errors.push({ file, line: 1, message: `missing part "# --${required}--"` });
  }

  const explanationPart = byName.get('explanation');
  const explanation = explanationPart ? textOf(explanationPart.body) : '';
  if (explanationPart && explanation.length === 0) errors.push({ file, line: explanationPart.line, message: 'the explanation is empty' });
  const proseWords = explanation.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, ' ').split(/\s+/).filter(Boolean).length;
  if (proseWords > MAX_EXPLANATION_WORDS)
    errors.push({ file, line: explanationPart?.line ?? 1, message: `the explanation has ${proseWords} words outside its code blocks; keep it under ${MAX_EXPLANATION_WORDS}: one idea per lesson` });

  const hintsPart = byName.get('hints');
  const hints = hintsPart ? listItems(hintsPart.body).map((item) => item.text.trim()) : [];
  if (hintsPart && hints.length === 0) errors.push({ file, line: hintsPart.line, message: 'give at least one hint as a "- " list item' });

  let interaction: Interaction | null = null;
  let executable: Lesson['executableContent'] = null;
  let fenceLanguage: string | null = null;

  const filesPart = byName.get('files');
  const files = filesPart ? parseFiles(filesPart, file, errors, meta.interaction === 'code') : [];

  switch (meta.interaction) {
    case 'multiple-choice': {
      const questionPart = byName.get('question');
      const choicesPart = byName.get('choices');
      const question = questionPart ? textOf(questionPart.body) : '';
      const choices: { text: string; correct: boolean; why?: string }[] = [];
      for (const item of choicesPart ? listItems(choicesPart.body) : []) {
        const match = /^\[( |x|X)\]\s+(.+)$/s.exec(item.text);
        if (!match?.[2]) {
          errors.push({ file, line: item.line, message: 'a choice is written "- [ ] text" or "- [x] text"' });
          continue;
        }
        // An indented "Why: …" line under the choice explains it (a learner who picks a wrong one reads it).
        const [text = '', ...explained] = match[2].split(/\n(?=Why:)/);
        const why = explained.join('\n').replace(/^Why:\s*/, '').trim();
        const correct = match[1] !== ' ';
        if (!correct && why === '') errors.push({ file, line: item.line, message: 'explain why this choice is wrong on an indented line under it: "  Why: …"' });
        choices.push({ text: text.trim(), correct, ...(why ? { why } : {}) });
      }
      if (choicesPart && choices.length < 2) errors.push({ file, line: choicesPart.line, message: 'give at least two choices' });
      if (choicesPart && !choices.some((choice) => choice.correct)) errors.push({ file, line: choicesPart.line, message: 'mark at least one choice correct with [x]' });
      if (questionPart && question.length === 0) errors.push({ file, line: questionPart.line, message: 'the question is empty' });
      interaction = { kind: 'multiple-choice', question, choices };
      break;
    }
    case 'fill-gap': {
      const { templates, gaps, filled } = parseGaps(files, file, filesPart?.line ?? 1, errors);
      const optionsPart = byName.get('options');
      const distractors = optionsPart ? listItems(optionsPart.body).map((item) => item.text.replace(/^`(.*)`$/, '$1').trim()) : [];
      const chips = Array.from(new Set([...gaps.map((gap) => gap.accepted[0] ?? ''), ...distractors].filter(Boolean)));
      interaction = { kind: 'fill-gap', templates, gaps, chips };
      executable = { files: filled, solution: filled.map(({ name, content }) => ({ name, content })), checks: [], seed: null };
      break;
    }
    case 'reorder': {
      const linesPart = byName.get('lines');
      const block = linesPart ? singleBlock(linesPart, file, errors) : null;
      const lines = block ? block.content.split('\n').filter((line, index, all) => !(index === all.length - 1 && line.trim() === '')) : [];
      if (block && lines.filter((line) => line.trim() !== '').length < 2) errors.push({ file, line: block.line, message: 'a reorder lesson needs at least two lines' });
      fenceLanguage = block?.info || null;
      interaction = { kind: 'reorder', lines };
      break;
    }
    case 'code': {
      const solutionPart = byName.get('solution');
      const checksPart = byName.get('checks');
      const seedPart = byName.get('seed');
      const solution = solutionPart ? parseFiles(solutionPart, file, errors, false) : [];
      for (const solved of solution) {
        const starter = files.find((definition) => definition.name === solved.name);
        if (!starter) errors.push({ file, line: solutionPart?.line ?? 1, message: `the solution has "${solved.name}", which is not one of the lesson's files` });
        else if (!starter.editable) errors.push({ file, line: solutionPart?.line ?? 1, message: `the solution changes "${solved.name}", which is read-only` });
      }
      if (files.length > 0 && !files.some((definition) => definition.editable)) errors.push({ file, line: filesPart?.line ?? 1, message: 'a code lesson needs at least one editable file' });
      const checks = checksPart ? parseChecks(checksPart, file, errors) : [];
      checkReferences(checks, files, file, checksPart?.line ?? 1, errors);
      const seedBlock = seedPart ? singleBlock(seedPart, file, errors) : null;
      const inputPart = byName.get('input');
      const inputBlock = inputPart ? singleBlock(inputPart, file, errors) : null;
      interaction = { kind: 'code' };
      executable = { files, solution: solution.map(({ name, content }) => ({ name, content })), checks, seed: seedBlock?.content ?? null };
      if (inputBlock) executable.input = inputBlock.content.replace(/\n$/, '').split('\n');
      const checkDataPart = byName.get('check-data');
      const checkDataBlock = checkDataPart ? singleBlock(checkDataPart, file, errors) : null;
      if (checkDataBlock) executable.checkSeed = checkDataBlock.content;
      if (checks.some((check) => check.type === 'sql-result' && check.data === 'check') && !checkDataBlock)
        errors.push({ file, line: checksPart?.line ?? 1, message: 'a check compares on the check data (data: check), but the lesson has no "# --check-data--" part' });
      const wrongPart = byName.get('wrong');
      const alternativesPart = byName.get('alternatives');
      if (wrongPart) executable.wrong = parseVariants(wrongPart, file, errors, files);
      if (alternativesPart) executable.alternatives = parseVariants(alternativesPart, file, errors, files);
      break;
    }
  }

  const derived = files.map((definition) => languageFromFileName(definition.name)).find((language) => language !== 'none');
  const fromFence = fenceLanguage && isCodeLanguage(fenceLanguage) ? fenceLanguage : null;
  const codeLanguage: CodeLanguage | null =
    meta.codeLanguage && isCodeLanguage(meta.codeLanguage) ? meta.codeLanguage : ((derived as CodeLanguage | undefined) ?? fromFence);

  if (errors.length > 0 || !interaction) return { lesson: null, errors };
  return {
    lesson: { id: meta.id, title: meta.title, explanation, hints, codeLanguage, interaction, executableContent: executable, source: file },
    errors,
  };
}
