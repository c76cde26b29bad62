/** The markets table's two icons, drawn inline so they need no icon font. */

/** The favourite star: outlined, or filled once the pair is a favourite. */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A column's sort arrows, the active direction bright and the other dimmed. */
export function SortIcon({ direction }: { direction: 'ascending' | 'descending' | null }) {
  return (
    <svg
      className="sort-icon"
      viewBox="0 0 10 14"
      width="10"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 1l4 5H1z" opacity={direction === 'ascending' ? 1 : 0.35} fill="currentColor" />
      <path d="M5 13l4-5H1z" opacity={direction === 'descending' ? 1 : 0.35} fill="currentColor" />
    </svg>
  );
}
