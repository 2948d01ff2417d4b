export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--accent)" />
      <path
        d="M19 17h17c8.3 0 14 5.3 14 13s-5.7 13-14 13h-7v6.5c0 1.3-1.5 2-2.5 1.2L19.6 45A3 3 0 0 1 18.5 42.7V18.5c0-.8.7-1.5 1.5-1.5zm10 8v10h6.5c3.3 0 5.5-2 5.5-5s-2.2-5-5.5-5z"
        fill="#fff"
      />
    </svg>
  );
}
