import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Edit as RaEdit, useResourceContext, type EditProps, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { isOwnSave } from '../providers/ownSaves.ts';

interface Hold {
  setUnsaved: (unsaved: boolean) => void;
  release: () => void;
}
const HoldContext = createContext<Hold | null>(null);

/**
 * react-admin's Edit, keeping the user's unsaved input. React-admin resets a form to its record
 * whenever the record is loaded again with other values — the same record opened in another tab
 * after someone else saved it, a cached page's refetch — and the user's typing was gone without a
 * word. Here, while the form has unsaved input (ReportUnsavedInput inside the form), the page keeps
 * the record it was opened with: the form stays as typed, and saving it meets the version check,
 * whose dialog shows what the other person changed (keep mine or reload). The record the page's own
 * save returned is taken at once, and so is any record once the form has nothing unsaved.
 */
export function Edit<R extends RaRecord = RaRecord>(props: EditProps<R>) {
  const resource = useResourceContext(props) ?? '';
  const [unsaved, setUnsaved] = useState(false);
  const held = useRef<R | undefined>(undefined);
  const select = useCallback(
    (data: R): R => {
      const kept = held.current;
      if (unsaved && kept && kept.id === data.id && !isOwnSave(resource, data)) return kept;
      held.current = data;
      return data;
    },
    [unsaved, resource],
  );
  const hold = useMemo<Hold>(() => ({ setUnsaved, release: () => setUnsaved(false) }), []);
  return (
    <HoldContext.Provider value={hold}>
      <RaEdit {...props} queryOptions={{ ...props.queryOptions, select }} />
    </HoldContext.Provider>
  );
}

/** Inside an edit form (a child of its SimpleForm): tells the page whether the form has unsaved input. */
export const ReportUnsavedInput = () => {
  const { isDirty } = useFormState();
  const hold = useContext(HoldContext);
  useEffect(() => hold?.setUnsaved(isDirty), [hold, isDirty]);
  return null;
};

/** Lets the record as it is now into the form, unsaved input or not (a conflict dialog's 重新加载). */
export const useReleaseRecord = () => {
  const hold = useContext(HoldContext);
  return useCallback(() => hold?.release(), [hold]);
};
