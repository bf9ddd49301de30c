/** The login page's illustration: sun, sky, hills and household roofs with PV arrays, all inline SVG. */
export const SolarScene = () => (
  <svg
    viewBox="0 0 800 600"
    preserveAspectRatio="xMidYMax slice"
    aria-hidden="true"
    focusable="false"
    style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
  >
    <defs>
      <radialGradient id="sun-glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stopColor="#fff3c4" stopOpacity="0.95" />
        <stop offset="0.35" stopColor="#ffc46b" stopOpacity="0.6" />
        <stop offset="1" stopColor="#ffc46b" stopOpacity="0" />
      </radialGradient>
      <linearGradient id="panel" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#1c4f8a" />
        <stop offset="1" stopColor="#0a2746" />
      </linearGradient>
      <linearGradient id="hill" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#0f6b8f" stopOpacity="0.55" />
        <stop offset="1" stopColor="#0b3b60" stopOpacity="0.9" />
      </linearGradient>
      <pattern id="cells" width="14" height="10" patternUnits="userSpaceOnUse">
        <rect width="14" height="10" fill="url(#panel)" />
        <path d="M0 0H14M0 0V10" stroke="#8fc3ff" strokeOpacity="0.45" strokeWidth="1" />
      </pattern>
    </defs>
    <circle cx="620" cy="150" r="170" fill="url(#sun-glow)" />
    <circle cx="620" cy="150" r="48" fill="#ffd36e" />
    <g stroke="#ffe3a3" strokeOpacity="0.5" strokeWidth="2">
      <path d="M620 60v-30M620 270v-30M530 150h-30M740 150h-30M556 86l-20-20M704 234l20 20M684 86l20-20M556 214l-20 20" />
    </g>
    <path d="M0 470 C150 410 260 440 400 420 S650 380 800 430 V600 H0Z" fill="url(#hill)" />
    <path d="M0 520 C180 480 330 510 470 490 S700 470 800 500 V600 H0Z" fill="#0b3b60" fillOpacity="0.85" />
    {/* house 1 */}
    <g transform="translate(110 430)">
      <rect x="10" y="60" width="150" height="80" fill="#e8eef5" />
      <rect x="70" y="95" width="30" height="45" fill="#9fb4c8" />
      <rect x="25" y="80" width="28" height="22" fill="#bcd4ea" />
      <rect x="118" y="80" width="28" height="22" fill="#bcd4ea" />
      <path d="M0 62 L85 0 L170 62Z" fill="#c2563f" />
      <path d="M30 52 L85 12 L140 52Z" fill="url(#cells)" stroke="#d9ecff" strokeWidth="1.5" />
    </g>
    {/* house 2 (flat roof with tilted arrays) */}
    <g transform="translate(360 440)">
      <rect x="0" y="40" width="190" height="110" fill="#f1f4f8" />
      <rect x="20" y="65" width="32" height="26" fill="#bcd4ea" />
      <rect x="80" y="65" width="32" height="26" fill="#bcd4ea" />
      <rect x="140" y="65" width="32" height="26" fill="#bcd4ea" />
      <rect x="-4" y="34" width="198" height="8" fill="#aab8c6" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${12 + i * 60} 8) skewX(-18)`}>
          <rect width="52" height="24" fill="url(#cells)" stroke="#d9ecff" strokeWidth="1.5" />
        </g>
      ))}
    </g>
    {/* house 3 */}
    <g transform="translate(610 470)">
      <rect x="10" y="50" width="130" height="80" fill="#e8eef5" />
      <rect x="60" y="85" width="28" height="45" fill="#9fb4c8" />
      <path d="M0 52 L75 0 L150 52Z" fill="#8c4a3a" />
      <path d="M25 44 L75 10 L125 44Z" fill="url(#cells)" stroke="#d9ecff" strokeWidth="1.5" />
    </g>
  </svg>
);
