import { Tooltip } from '@mui/material';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tooltipProps } from './layers';

describe('tooltip', () => {
  it('WID-59 WID-64 a tooltip with tooltipProps is 12.5rem wide at most, at layer 1100', async () => {
    render(
      <Tooltip title="A long explanation" {...tooltipProps}>
        <button>Hover me</button>
      </Tooltip>,
    );
    fireEvent.mouseOver(screen.getByText('Hover me'));
    const tip = await screen.findByRole('tooltip');
    expect(getComputedStyle(tip).zIndex).toBe('1100');
    expect(getComputedStyle(tip.querySelector('.MuiTooltip-tooltip')!).maxWidth).toBe('12.5rem');
  });
});
