/** Rows as a terminal table: each column as wide as its widest cell, two spaces between, no trailing blanks. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return `${rows
    .map((row) =>
      row
        .map((cell, col) => cell.padEnd(widths[col]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
