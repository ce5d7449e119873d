// Small inline icons (no icon library in the bundle). Always decorative: the control names itself.
import type { ReactNode } from "react";

function Icon({ children, size = 16, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

// The list's row icons are drawn once per list (RowIconSprite) and each row refers to them with
// <use>: 20 rows × 3 inline icons were a quarter of the rows' HTML. Sized and stroked by `row-icon`.
const ROW_ICON_PATHS = {
  edit: ["M12 20h9", "M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"],
  refill: ["M21 12a9 9 0 1 1-3-6.7L21 8", "M21 3v5h-5"],
  trash: ["M3 6h18", "M8 6V4h8v2", "M19 6l-1 14H6L5 6"],
};
type RowIconName = keyof typeof ROW_ICON_PATHS;

export function RowIconSprite() {
  return (
    <svg aria-hidden="true" className="absolute h-0 w-0 overflow-hidden">
      {Object.entries(ROW_ICON_PATHS).map(([name, paths]) => (
        <symbol key={name} id={`row-icon-${name}`} viewBox="0 0 24 24">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </symbol>
      ))}
    </svg>
  );
}

export const RowIcon = ({ name }: { name: RowIconName }) => (
  <svg aria-hidden="true" className="row-icon">
    <use href={`#row-icon-${name}`} />
  </svg>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Icon>
);

// 'Previous' and 'Next' point the way the text runs: mirrored in a right-to-left page.
export const ChevronLeft = () => (
  <Icon className="rtl:-scale-x-100">
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const ChevronRight = () => (
  <Icon className="rtl:-scale-x-100">
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

/** Both arrows when the column is not sorted, one when it is. */
export function SortIcon({ direction }: { direction: "asc" | "desc" | null }) {
  return (
    <Icon size={14}>
      {direction !== "desc" && <path d="m7 9 5-5 5 5" opacity={direction ? 1 : 0.45} />}
      {direction !== "asc" && <path d="m7 15 5 5 5-5" opacity={direction ? 1 : 0.45} />}
    </Icon>
  );
}
