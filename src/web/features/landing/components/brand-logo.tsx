/** The Lanefreight mark: a road lane bending into an arrow. Decorative; the wordmark beside it names the link. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#0b3d91" />
      <path
        d="M8 23 L16 9 L24 23"
        fill="none"
        stroke="#f59e0b"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M16 14v2m0 3v2" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
