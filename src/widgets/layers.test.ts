import { describe, expect, it } from 'vitest';
import { LAYERS, TOOLTIP_FADE_MS, TOOLTIP_MAX_WIDTH, tooltipProps } from './layers';

describe('layers', () => {
  it('WID-59 tooltip max width is 12.5rem', () => {
    expect(TOOLTIP_MAX_WIDTH).toBe('12.5rem');
    expect(tooltipProps.slotProps.tooltip.sx.maxWidth).toBe('12.5rem');
  });
  it('WID-60 tooltip fade is 250 ms', () => {
    expect(TOOLTIP_FADE_MS).toBe(250);
    expect(tooltipProps.slotProps.transition.timeout).toBe(250);
  });
  it('WID-61 modal layer is 1100', () => expect(LAYERS.modal).toBe(1100));
  it('WID-62 overlay layer is 1000', () => expect(LAYERS.overlay).toBe(1000));
  it('WID-63 menu layer is 1000', () => expect(LAYERS.menu).toBe(1000));
  it('WID-64 tooltip layer is 1100', () => {
    expect(LAYERS.tooltip).toBe(1100);
    expect(tooltipProps.slotProps.popper.sx.zIndex).toBe(1100);
  });
});
