/**
 * The spec's modal dialog (001 §2.11, §3, WID-01..06): header / body / footer, centred, dragged
 * by its header (pointer events; `react-draggable` is not installed), closed by Escape, with an
 * optional maximize toggle, at the spec's modal layer (WID-61). `useModalState` holds the
 * type, title and icon of the app's one modal (WID-06).
 */
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  type PaperProps,
} from '@mui/material';
import {
  createContext,
  useCallback,
  useContext,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { LAYERS } from './layers';

interface DragApi {
  offset: { x: number; y: number };
  start: (e: ReactPointerEvent) => void;
}
const DragContext = createContext<DragApi | null>(null);

/** The dialog's paper, moved by the header's drag offset. */
function DraggablePaper(props: PaperProps) {
  const drag = useContext(DragContext);
  const { x, y } = drag?.offset ?? { x: 0, y: 0 };
  return <Paper {...props} style={{ ...props.style, transform: `translate(${x}px, ${y}px)` }} />;
}

/** Pointer drag: offset follows the pointer from `start` until it is released. */
function useDrag(): DragApi & { reset: () => void } {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const origin = useRef({ x: 0, y: 0 });
  const start = useCallback(
    (e: ReactPointerEvent) => {
      if ((e.target as HTMLElement).closest('button')) return; // header buttons stay clickable
      origin.current = { x: e.clientX - offset.x, y: e.clientY - offset.y };
      const move = (ev: PointerEvent) =>
        setOffset({ x: ev.clientX - origin.current.x, y: ev.clientY - origin.current.y });
      const stop = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', stop);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', stop);
    },
    [offset],
  );
  const reset = useCallback(() => setOffset({ x: 0, y: 0 }), []);
  return { offset, start, reset };
}

export interface ModalDialogProps {
  open: boolean;
  /** Escape, the close button or the backdrop (WID-04). */
  onClose: () => void;
  title: ReactNode;
  icon?: ReactNode;
  /** Footer content (buttons). */
  footer?: ReactNode;
  /** WID-05: offers the maximize toggle. */
  maximizable?: boolean;
  children?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** WID-01..05: a centred, header-draggable dialog closed by Escape, optionally maximizable. */
export function ModalDialog({
  open,
  onClose,
  title,
  icon,
  footer,
  maximizable,
  children,
  maxWidth = 'sm',
}: ModalDialogProps) {
  const drag = useDrag();
  const [maximized, setMaximized] = useState(false);
  const toggle = () => {
    setMaximized((m) => !m);
    drag.reset();
  };
  return (
    <DragContext.Provider value={maximized ? null : drag}>
      <Dialog
        open={open}
        onClose={onClose}
        fullScreen={maximized}
        fullWidth
        maxWidth={maxWidth}
        slots={{ paper: DraggablePaper }}
        sx={{ zIndex: LAYERS.modal }}
        aria-labelledby="modal-dialog-title"
      >
        <DialogTitle
          id="modal-dialog-title"
          data-part="header"
          onPointerDown={maximized ? undefined : drag.start}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            cursor: maximized ? 'default' : 'move',
            userSelect: 'none',
            touchAction: 'none',
          }}
        >
          {icon}
          <Box component="span" sx={{ flex: 1 }}>
            {title}
          </Box>
          {maximizable && (
            <IconButton aria-label={maximized ? 'Restore' : 'Maximize'} onClick={toggle} size="small">
              {maximized ? <FullscreenExitIcon /> : <FullscreenIcon />}
            </IconButton>
          )}
          <IconButton aria-label="Close" onClick={onClose} size="small">
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent data-part="body" dividers>
          {children}
        </DialogContent>
        {footer && <DialogActions data-part="footer">{footer}</DialogActions>}
      </Dialog>
    </DragContext.Provider>
  );
}

/** WID-06: what the app's modal shows. */
export interface ModalState {
  open: boolean;
  /** e.g. `info`, `warning`, `error`, `success`, `confirm`. */
  type: string;
  title: string;
  /** An icon name (MUI icon), shown in the header. */
  icon?: string;
}

/** WID-06: modal state (type, title, icon) with `show` and `close`. */
export function useModalState(initial: Partial<ModalState> = {}) {
  const [state, setState] = useState<ModalState>({ open: false, type: 'info', title: '', ...initial });
  const show = useCallback((next: Omit<ModalState, 'open'>) => setState({ ...next, open: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { state, show, close };
}
