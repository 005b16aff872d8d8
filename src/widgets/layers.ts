/**
 * Layer (z-index) values and tooltip metrics of the spec (001 §9, WID-59..64). Use these instead
 * of MUI's defaults (its modal is 1300) so dialogs, menus and tooltips stack as the spec says.
 */
export const LAYERS = {
  /** WID-61 */
  modal: 1100,
  /** WID-62 */
  overlay: 1000,
  /** WID-63 */
  menu: 1000,
  /** WID-64 */
  tooltip: 1100,
} as const;

/** WID-59: tooltip max width. */
export const TOOLTIP_MAX_WIDTH = '12.5rem';
/** WID-60: tooltip fade, milliseconds. */
export const TOOLTIP_FADE_MS = 250;

/** MUI `Tooltip` props giving the spec's width, fade and layer (spread into `<Tooltip>`). */
export const tooltipProps = {
  slotProps: {
    tooltip: { sx: { maxWidth: TOOLTIP_MAX_WIDTH } },
    popper: { sx: { zIndex: LAYERS.tooltip } },
    transition: { timeout: TOOLTIP_FADE_MS },
  },
} as const;
