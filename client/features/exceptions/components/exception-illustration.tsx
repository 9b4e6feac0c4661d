// Our own line illustrations for the exception pages (a lock, a lost map, a broken server).
import type { ExceptionType } from './exception-page';

export function ExceptionIllustration({ type }: { type: ExceptionType }) {
  return (
    <svg viewBox="0 0 360 280" role="img" aria-label={type} fill="none">
      <ellipse cx="180" cy="250" rx="150" ry="14" fill="#e6f0ff" />
      <circle cx="180" cy="130" r="110" fill="#f0f5ff" />
      {type === '403' ? (
        <g>
          <rect x="120" y="120" width="120" height="100" rx="14" fill="#4096ff" />
          <path d="M145 120V95a35 35 0 0 1 70 0v25" stroke="#1d39c4" strokeWidth="14" strokeLinecap="round" />
          <circle cx="180" cy="160" r="13" fill="#fff" />
          <rect x="174" y="165" width="12" height="30" rx="6" fill="#fff" />
        </g>
      ) : null}
      {type === '404' ? (
        <g>
          <path
            d="M90 90l60-20 60 20 60-20v130l-60 20-60-20-60 20z"
            fill="#fff"
            stroke="#4096ff"
            strokeWidth="5"
            strokeLinejoin="round"
          />
          <path d="M150 70v130M210 90v130" stroke="#91caff" strokeWidth="4" />
          <path
            d="M110 170c20-30 50 10 70-20s40-10 60-40"
            stroke="#fa8c16"
            strokeWidth="5"
            strokeDasharray="10 9"
            strokeLinecap="round"
          />
          <circle cx="250" cy="105" r="22" fill="#fff" stroke="#1d39c4" strokeWidth="6" />
          <path d="M266 121l18 18" stroke="#1d39c4" strokeWidth="8" strokeLinecap="round" />
          <text x="242" y="112" fontSize="22" fontWeight="700" fill="#1d39c4">
            ?
          </text>
        </g>
      ) : null}
      {type === '500' ? (
        <g>
          <rect x="120" y="70" width="120" height="45" rx="8" fill="#4096ff" />
          <rect x="120" y="125" width="120" height="45" rx="8" fill="#69b1ff" />
          <rect x="120" y="180" width="120" height="45" rx="8" fill="#91caff" />
          <circle cx="140" cy="92" r="6" fill="#fff" />
          <circle cx="140" cy="147" r="6" fill="#fff" />
          <circle cx="140" cy="202" r="6" fill="#ff4d4f" />
          <rect x="160" y="88" width="60" height="8" rx="4" fill="#fff" opacity="0.8" />
          <rect x="160" y="143" width="60" height="8" rx="4" fill="#fff" opacity="0.8" />
          <path
            d="M255 60l-20 40h22l-18 40"
            stroke="#faad14"
            strokeWidth="8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ) : null}
    </svg>
  );
}
