/**
 * The dialog of one status move: asks the comment (required when the transition says so), sends
 * `POST <collection>/{id}/transitions` with the record's version, and reports the outcome. Cancel
 * writes nothing. Used by the card's status panel and by the board.
 */
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { humanize } from '../../../schemas/define';
import { CommentDialog } from '../../widgets/CommentDialog';
import { useSpringDataProvider } from '../useAction';
import type { StatusMove } from './rules';

export interface MoveDialogProps {
  schema: EntitySchema;
  record: RaRecord;
  move: StatusMove;
  /** The target status's name. */
  target: string;
  /** Closed without a move (Cancel, Escape) or after a refused one. */
  onClose: () => void;
  /** After the server accepted the move. */
  onMoved: () => void;
  /**
   * Send the record's version as `If-Match` (default): the move is refused with 412 when the
   * record changed since it was shown. The board sends none: the server judges the move from the
   * stored status anyway, so a card shown in a stage it left is refused for the move itself.
   */
  lock?: boolean;
}

export const MoveDialog = ({ schema, record, move, target, onClose, onMoved, lock = true }: MoveDialogProps) => {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const field = schema.status!.field;
  const what = translate(`resources.${schema.route}.fields.${field}`, {
    _: schema.fields[field]?.label ?? humanize(field),
  }).toLowerCase();
  const submit = async (comment: string | null) => {
    try {
      const version = record[schema.lockProperty];
      await dataProvider.request(schema.route, {
        id: record.id,
        path: 'transitions',
        method: 'POST',
        headers: version === undefined || !lock ? {} : { 'If-Match': `"${String(version)}"` },
        body: { to: move.code, comment },
      });
      notify('bureau.board.moved', { type: 'success', messageArgs: { target } });
      onMoved();
    } catch (e) {
      // the server's own words: `Deal stage cannot move from "Closed lost" to "Negotiation"`
      notify((e as Error).message || 'bureau.board.move_refused', { type: 'error' });
      onClose();
    }
  };
  return (
    <CommentDialog
      title={translate('bureau.board.move_title', { what, target })}
      required={move.transition.comment === 'required'}
      requiredHint={translate('bureau.board.move_needs_comment')}
      confirmLabel={translate('bureau.board.move')}
      onCancel={onClose}
      onConfirm={submit}
    />
  );
};
