// A thin bar across the top of the window while a route's code or a list's first page loads (the original's
// NProgress): it creeps towards the end while loads run and finishes with a short run to 100 % before fading.
import { useState } from 'react';
import { useT } from '../lib/i18n/use-t';
import { useProgressActive } from '../lib/progress';
import './top-progress.css';

type Phase = 'idle' | 'running' | 'done';

export function TopProgress() {
  const t = useT();
  const active = useProgressActive();
  const [phase, setPhase] = useState<Phase>(active ? 'running' : 'idle');
  // Follows the loads as they start and end (adjusted while rendering: no extra pass through an effect).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    setPhase(active ? 'running' : phase === 'running' ? 'done' : phase);
  }
  if (phase === 'idle') return null;
  return (
    <div
      className={`top-progress top-progress--${phase}`}
      role="progressbar"
      aria-label={t('app.pageLoading')}
      aria-busy={phase === 'running'}
      data-testid="top-progress"
      onAnimationEnd={(e) => {
        if (e.animationName === 'top-progress-finish') setPhase('idle');
      }}
    >
      <div className="top-progress__bar" />
    </div>
  );
}
