/**
 * Low-level readers for lesson files: front matter, `# --part--` sections, fenced code blocks,
 * `## file` headings and list items. Line numbers are 1-based positions in the whole file.
 */

export interface SourceLine {
  text: string;
  line: number;
}

export interface Part {
  name: string;
  line: number;
  body: SourceLine[];
}

export interface FencedBlock {
  info: string;
  content: string;
  line: number;
}

export function splitFrontMatter(text: string): { frontMatter: string | null; frontMatterLine: number; rest: SourceLine[] } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const numbered = lines.map((line, index) => ({ text: line, line: index + 1 }));
  if (lines[0]?.trim() !== '---') return { frontMatter: null, frontMatterLine: 1, rest: numbered };
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) return { frontMatter: null, frontMatterLine: 1, rest: numbered };
  return { frontMatter: lines.slice(1, end).join('\n'), frontMatterLine: 2, rest: numbered.slice(end + 1) };
}

const PART_HEADING = /^# --([a-z][a-z-]*)--\s*$/;

export function splitParts(lines: SourceLine[]): { parts: Part[]; stray: SourceLine[]; headingsInCode: SourceLine[] } {
  const parts: Part[] = [];
  const stray: SourceLine[] = [];
  const headingsInCode: SourceLine[] = [];
  let current: Part | null = null;
  let fence: string | null = null;
  for (const line of lines) {
    if (fence !== null && PART_HEADING.test(line.text)) headingsInCode.push(line);
    // Part headings inside a code block are code, not headings.
    const fenceMatch = /^(`{3,}|~{3,})/.exec(line.text);
    if (fenceMatch?.[1]) {
      if (fence === null) fence = fenceMatch[1];
      else if (line.text.trim() === fence) fence = null;
    }
    const heading = fence === null ? PART_HEADING.exec(line.text) : null;
    if (heading?.[1]) {
      current = { name: heading[1], line: line.line, body: [] };
      parts.push(current);
    } else if (current) {
      current.body.push(line);
    } else if (line.text.trim() !== '') {
      stray.push(line);
    }
  }
  return { parts, stray, headingsInCode };
}

export function textOf(lines: SourceLine[]): string {
  return lines
    .map((line) => line.text)
    .join('\n')
    .trim();
}

/** Fenced code blocks in a part, with the text before each block (for `## file` headings). */
export function fencedBlocks(lines: SourceLine[]): { blocks: (FencedBlock & { heading: SourceLine | null })[]; unclosed: SourceLine | null } {
  const blocks: (FencedBlock & { heading: SourceLine | null })[] = [];
  let heading: SourceLine | null = null;
  let open: { fence: string; info: string; line: number; body: string[] } | null = null;
  for (const line of lines) {
    if (open) {
      if (line.text.trim() === open.fence) {
        blocks.push({ info: open.info, content: open.body.join('\n'), line: open.line, heading });
        heading = null;
        open = null;
      } else {
        open.body.push(line.text);
      }
      continue;
    }
    const start = /^(`{3,}|~{3,})\s*([^\s`]*)\s*$/.exec(line.text);
    if (start?.[1] !== undefined) {
      open = { fence: start[1], info: start[2] ?? '', line: line.line, body: [] };
    } else if (/^##\s+\S/.test(line.text)) {
      heading = line;
    }
  }
  const unclosed = open ? { text: '', line: open.line } : null;
  return { blocks, unclosed };
}

/** `- item` lists; indented lines continue the previous item. */
export function listItems(lines: SourceLine[]): { text: string; line: number }[] {
  const items: { text: string; line: number }[] = [];
  for (const line of lines) {
    const item = /^[-*]\s+(.*)$/.exec(line.text);
    if (item) items.push({ text: item[1] ?? '', line: line.line });
    else if (line.text.trim() !== '' && items.length > 0 && /^\s+/.test(line.text)) {
      const last = items[items.length - 1];
      if (last) last.text = `${last.text}\n${line.text.trim()}`;
    }
  }
  return items;
}
