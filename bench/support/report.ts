/** One result table of a scenario. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** A scenario's part of RESULTS.md: what was measured, the table(s), and what bounds the figures. */
export interface Section {
  title: string;
  intro: string[];
  tables: Table[];
  notes: string[];
}

export function notAvailableSection(title: string, intro: string[], reason: string): Section {
  return { title, intro, tables: [{ columns: ['result'], rows: [[`not available: ${reason}`]] }], notes: [] };
}

const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(table: Table): string {
  const lines = [
    `| ${table.columns.map(cell).join(' | ')} |`,
    `| ${table.columns.map(() => '---').join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

export function markdownSection(section: Section): string {
  const parts = [`## ${section.title}`, ''];
  if (section.intro.length) parts.push(section.intro.join('\n'), '');
  for (const table of section.tables) parts.push(markdownTable(table), '');
  if (section.notes.length) parts.push(section.notes.map((note) => `- ${note}`).join('\n'), '');
  return parts.join('\n');
}
