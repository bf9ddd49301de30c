/** The product mark: a sun over a PV panel, drawn inline (no image download). */
export const SunLogo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <circle cx="32" cy="20" r="11" fill="#f5a623" />
    <g stroke="#f5a623" strokeWidth="3" strokeLinecap="round">
      <path d="M32 2v5M14 8l3.5 3.5M50 8l-3.5 3.5M6 22h5M53 22h5" />
    </g>
    <path d="M8 60 17 34h30l9 26z" fill="#1f7ad6" stroke="#cfe6ff" strokeWidth="1.5" />
    <path d="M12.5 47h39M23 34l-3 26M32 34v26M41 34l3 26" stroke="#cfe6ff" strokeWidth="1.5" />
  </svg>
);
