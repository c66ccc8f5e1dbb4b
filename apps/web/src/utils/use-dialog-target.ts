import { useState } from 'react';

/**
 * What a drawer or dialog works on, kept until it has finished closing so its content does not
 * vanish during the closing animation. `round` changes with each opening: as the key of the
 * form, it mounts the form afresh every time.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target?: T; open: boolean; round: number }>({
    open: false,
    round: 0,
  });
  return {
    ...state,
    show: (target: T) => setState((current) => ({ target, open: true, round: current.round + 1 })),
    hide: () => setState((current) => ({ ...current, open: false })),
    afterOpenChange: (opened: boolean) => {
      if (!opened) setState((current) => (current.open ? current : { ...current, target: undefined }));
    },
  };
}
