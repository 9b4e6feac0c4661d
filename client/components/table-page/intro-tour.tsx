// The page's intro tour (antd Tour): shown until finished or closed, then cached per page key and version
// for 100 days under pro__intro_cache_<key>; the 新手引导 button forgets the cache and replays it.
// A first visit's tour opens once the page shows what it points at (a list's first rows), in the frame after: opened
// with the page, its mask locked the window's scrolling and measured its target in the page's first commit (forced
// layouts, ~40 ms before the rows could show). Never over a dialog: a link to a bill's detail (`?number=`) or a form
// open over the page holds it until that is closed.
import { memo, useCallback, useEffect, useState, type RefObject } from 'react';
import { Button, Tooltip, Tour, type TourProps } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { storage } from '../../lib/storage';
import { forgetIntro, rememberIntro, shouldShowIntro } from '../../lib/table/intro-cache';
import { useT } from '../../lib/i18n/use-t';
import { afterNextPaint } from '../../lib/use-after-first-paint';
import { HOVER_AND_FOCUS } from '../hint-icon';

export interface IntroStep {
  title: string;
  description?: string;
  /** The element the step points at (absent: a centred step). */
  target?: RefObject<HTMLElement | null>;
}

export interface IntroTourProps {
  pageKey: string;
  version: number;
  steps: readonly IntroStep[];
  /** The page shows its content (a list: its first answer is in). */
  ready: boolean;
}

const DIALOG_RECHECK_MS = 400;

/** A dialog or drawer shows over the page (a deep link's bill detail, a form): a tour would be drawn across it. */
function dialogInFront(): boolean {
  if (new URLSearchParams(window.location.search).has('number')) return true;
  return Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')).some((dialog) =>
    typeof dialog.checkVisibility === 'function'
      ? dialog.checkVisibility()
      : dialog.closest('[hidden], [style*="display: none"]') === null,
  );
}

/**
 * The 新手引导 button: a component of its own, so the list's every reload (its `ready` going false and back) re-renders
 * the tour's state alone, not the tooltip and the button (~4–11 ms of each 查询's answer in the profile).
 */
const TourHelpButton = memo(function TourHelpButton({ onReplay }: { onReplay: () => void }) {
  const t = useT();
  return (
    <Tooltip title={t('table.tourHelp')} trigger={HOVER_AND_FOCUS}>
      <Button type="text" aria-label={t('table.tourHelp')} icon={<QuestionCircleOutlined />} onClick={onReplay} />
    </Tooltip>
  );
});

/** The open tour, its steps labelled in the current language. */
function OpenTour({
  steps,
  current,
  onChange,
  onDone,
}: {
  steps: readonly IntroStep[];
  current: number;
  onChange: (step: number) => void;
  onDone: () => void;
}) {
  const t = useT();
  const tourSteps: TourProps['steps'] = steps.map((step, index) => ({
    title: step.title,
    description: step.description,
    target: step.target ? () => step.target?.current ?? document.body : null,
    prevButtonProps: { children: t('table.tourPrev') },
    nextButtonProps: { children: index === steps.length - 1 ? t('table.tourDone') : t('table.tourNext') },
  }));
  return <Tour open current={current} onChange={onChange} steps={tourSteps} onClose={onDone} onFinish={onDone} mask />;
}

export const IntroTour = memo(function IntroTour({ pageKey, version, steps, ready }: IntroTourProps) {
  // Due when this page's version was never completed or exited (a list page keeps its key and version).
  const [due, setDue] = useState(() => steps.length > 0 && shouldShowIntro(storage, pageKey, version));
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (!due || !ready) return;
    let held: ReturnType<typeof setInterval> | undefined;
    const show = () => {
      clearInterval(held);
      setDue(false);
      setOpen(true);
    };
    const cancel = afterNextPaint(() => {
      if (!dialogInFront()) return show();
      // A link that opened a bill's detail (or any dialog over the page): the tour waits until it is closed.
      held = setInterval(() => {
        if (!dialogInFront()) show();
      }, DIALOG_RECHECK_MS);
    });
    return () => {
      cancel();
      clearInterval(held);
    };
  }, [due, ready]);
  const done = useCallback(() => {
    rememberIntro(storage, pageKey, version);
    setOpen(false);
  }, [pageKey, version]);
  const replay = useCallback(() => {
    forgetIntro(storage, pageKey);
    setDue(false);
    setCurrent(0);
    setOpen(true);
  }, [pageKey]);
  return (
    <>
      <TourHelpButton onReplay={replay} />
      {/* Mounted only while open: a closed Tour still measures its step's target in a layout effect (a forced
          layout at each showing of the page's tab) and at every scroll and resize of the window. */}
      {open ? <OpenTour steps={steps} current={current} onChange={setCurrent} onDone={done} /> : null}
    </>
  );
});
