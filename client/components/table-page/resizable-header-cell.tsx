// A table header cell with a drag handle on its right edge: pointer events, width never below 1 px
// (the original's vue-draggable-resizable handle); focused, the arrow keys resize it too. Cells without onResize
// render as plain <th>.
import { useRef, type ThHTMLAttributes } from 'react';
import { dragWidth } from '../../lib/table/column-width';

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  onResize?: (width: number) => void;
}

const KEY_STEP_PX = 10;

export function ResizableHeaderCell({ width, onResize, style, children, ...rest }: ResizableHeaderCellProps) {
  const start = useRef<{ x: number; width: number } | null>(null);
  if (!onResize || typeof width !== 'number')
    return (
      <th style={style} {...rest}>
        {children}
      </th>
    );
  return (
    <th {...rest} style={{ ...style, position: 'relative' }} className={`${rest.className ?? ''} resize-table-th`}>
      {children}
      {/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- in WAI-ARIA a focusable separator with a value is a widget (the plugin treats every separator as static) */}
      <span
        className="table-draggable-handle"
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={width}
        tabIndex={0}
        // A click on the handle is no click on the header (that would sort).
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowLeft' ? -KEY_STEP_PX : e.key === 'ArrowRight' ? KEY_STEP_PX : 0;
          if (step === 0) return;
          e.preventDefault();
          e.stopPropagation();
          onResize(dragWidth(width, step));
        }}
        onPointerDown={(e) => {
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          start.current = { x: e.clientX, width };
        }}
        onPointerMove={(e) => {
          if (!start.current) return;
          onResize(dragWidth(start.current.width, e.clientX - start.current.x));
        }}
        onPointerUp={(e) => {
          start.current = null;
          e.currentTarget.releasePointerCapture(e.pointerId);
        }}
        style={{
          // Inside the cell: cells with ellipsis clip what overflows them.
          position: 'absolute',
          right: 0,
          top: 0,
          bottom: 0,
          width: 8,
          cursor: 'col-resize',
          zIndex: 1,
          touchAction: 'none',
        }}
      />
      {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
    </th>
  );
}
