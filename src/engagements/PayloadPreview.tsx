/**
 * "What will be sent": the body the data provider will send for the form as it stands, built by
 * the same payload rules (`toWirePayload`, `schemas/payload.ts`), shown under the last step of the
 * matter wizard - so the user sees that the international, hunter and rate fields travel only when
 * they apply (MAT-08..11).
 */
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { EntitySchema, WireRecord } from '../../schemas/define';
import { findSchema } from '../../schemas/registry';
import { toWirePayload } from '../../schemas/payload';
import type { StepProps } from '../resources/parts';

/** The wire body of `values` under `schema`'s payload rules, as pretty JSON. */
export const previewOf = (schema: EntitySchema, values: WireRecord): string =>
  JSON.stringify(toWirePayload(schema, values, findSchema), null, 2);

/** The payload preview of the form's values (an accordion, closed). */
export const Preview = ({ schema }: { schema: EntitySchema }) => {
  const translate = useTranslate();
  const values = useWatch() as WireRecord;
  return (
    <Accordion disableGutters sx={{ mt: 2, width: '100%' }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="body2">{translate('bureau.engagements.preview_title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography
          component="pre"
          aria-label={translate('bureau.engagements.preview')}
          sx={{ fontSize: 12, overflowX: 'auto', m: 0 }}
        >
          {previewOf(schema, values)}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
};

/** A wizard step's generated content followed by the payload preview. */
export const WithPayloadPreview = ({ schema, generated }: StepProps) => (
  <>
    {generated}
    <Preview schema={schema} />
  </>
);
