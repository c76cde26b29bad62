/**
 * The frame every support panel view shares (the chat and the visitor form): its styles, a
 * labelled section (a dialog when it floats and can close, else a region), the heading row with
 * an optional status and the close button, and Escape to close.
 */
import { type ReactNode, useId } from 'react';
import { SUPPORT_PANEL_CSS } from './panelStyles.ts';
import { SUPPORT_THEME_CSS } from './themeStyles.ts';

/** What the frame shows around its content. */
export interface PanelFrameProps {
  title: string;
  /** When given, the panel floats, has a close button and closes on Escape. */
  onClose?: (() => void) | undefined;
  /** Shown beside the title (the connection indicator). */
  status?: ReactNode;
  /** Whether to include the styles (a host that already has them may leave them out). */
  withStyles?: boolean;
  children: ReactNode;
}

/** The panel's frame. */
export function PanelFrame({
  title,
  onClose,
  status,
  withStyles = true,
  children,
}: PanelFrameProps) {
  const titleId = `${useId()}-title`;
  return (
    <>
      {withStyles && <style>{SUPPORT_THEME_CSS + SUPPORT_PANEL_CSS}</style>}
      <section
        className={onClose ? 'sc-panel sc-floating' : 'sc-panel'}
        part="panel"
        role={onClose ? 'dialog' : 'region'}
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onClose) {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="sc-head" part="header">
          <h2 className="sc-title" id={titleId}>
            {title}
          </h2>
          {status}
          {onClose && (
            <button
              type="button"
              className="sc-icon-button"
              aria-label="Close live support"
              onClick={onClose}
            >
              ×
            </button>
          )}
        </div>
        {children}
      </section>
    </>
  );
}
