// A table header cell with a drag handle on its right edge: pointer events, width never below 1 px
// (the original's vue-draggable-resizable handle). Cells without onResize render as plain <th>.
import { useRef, type ThHTMLAttributes } from 'react';
import { dragWidth } from '../../lib/table/column-width';

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  onResize?: (width: number) => void;
}

export function ResizableHeaderCell({ width, onResize, style, children, ...rest }: ResizableHeaderCellProps) {
  const start = useRef<{ x: number; width: number } | null>(null);
  if (!onResize || typeof width !== 'number') return <th style={style} {...rest}>{children}</th>;
  return (
    <th {...rest} style={{ ...style, position: 'relative' }} className={`${rest.className ?? ''} resize-table-th`}>
      {children}
      <span
        className="table-draggable-handle"
        role="separator"
        aria-orientation="vertical"
        onClick={(e) => e.stopPropagation()}
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
          position: 'absolute', right: 0, top: 0, bottom: 0, width: 8, cursor: 'col-resize', zIndex: 1, touchAction: 'none',
        }}
      />
    </th>
  );
}
