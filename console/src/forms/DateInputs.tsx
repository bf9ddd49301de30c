import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, sanitizeInputRestProps, useInput, useLocaleState, useTranslate, type CommonInputProps } from 'react-admin';
import type { TextFieldProps } from '@mui/material';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import type { PickersActionBarAction } from '@mui/x-date-pickers/PickersActionBar';
import type { Dayjs } from 'dayjs';
import { DISPLAY_FORMAT, fromPickerValue, toPickerValue, type DateKind } from './dateValues.ts';

/**
 * The console's date, month and date-time fields: MUI X pickers in the page's language (calendar,
 * buttons and field texts from shell/LocaleTheme.tsx's LocalizationProvider), not the browser's native
 * inputs, which draw in the browser's language whatever the page's. The field is a plain <input>
 * (enableAccessibleFieldDOMStructure={false}) so a date can be typed or pasted whole (YYYY-MM-DD) and
 * the label names it. DateInput and MonthInput are drop-ins for react-admin's inputs, DateTimeInput
 * (its own module: the clock views are only the system log's) too; MonthField is the month picker
 * outside a form (the reports' period).
 */

const ACTIONS: Record<DateKind, PickersActionBarAction[]> = {
  date: ['clear', 'today'],
  month: ['clear', 'today'],
  datetime: ['clear', 'today', 'cancel', 'accept'],
};

/** The calendar header in the page's language: 2026年11月 / November 2026. */
export const calendarHeaderFormat = (locale: string | undefined) => (locale?.startsWith('en') ? 'MMMM YYYY' : 'YYYY年M月');
const useHeaderFormat = () => calendarHeaderFormat(useLocaleState()[0]);

export interface PickerProps {
  kind: DateKind;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  label: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  onError?: (error: unknown) => void;
  /** false: no 清除 in the calendar (a value that must stay set) */
  clearable?: boolean;
  textField: TextFieldProps;
}

/**
 * The props every picker gets. Desktop pickers on every device (a popper, the field never read-only),
 * so a date can always be typed.
 */
export function usePickerProps({ kind, value, onChange, label, disabled, readOnly, inputRef, onError, clearable = true, textField }: PickerProps) {
  const headerFormat = useHeaderFormat();
  return {
    value,
    onChange,
    label,
    disabled,
    readOnly,
    inputRef,
    onError,
    format: DISPLAY_FORMAT[kind],
    enableAccessibleFieldDOMStructure: false as const,
    slotProps: {
      textField: { ...textField, InputLabelProps: { shrink: true, ...textField.InputLabelProps } },
      actionBar: { actions: clearable ? ACTIONS[kind] : ACTIONS[kind].filter((a) => a !== 'clear') },
      calendarHeader: { format: headerFormat },
    },
  };
}

/** A day or a month. */
function DayPicker(props: PickerProps) {
  const common = usePickerProps(props);
  if (props.kind === 'month') return <DesktopDatePicker {...common} views={['year', 'month']} openTo="month" />;
  return <DesktopDatePicker {...common} views={['year', 'month', 'day']} />;
}

/**
 * The picker's own value, kept while a date is half typed: the form gets '' until the date is whole.
 * A change of the form value from outside (reset, another input setting it) replaces it.
 */
function usePickerValue(kind: DateKind, formValue: unknown, emit: (value: string) => void) {
  const [value, setValue] = useState(() => toPickerValue(kind, formValue));
  const emitted = useRef<unknown>(formValue);
  useEffect(() => {
    if ((formValue ?? '') === (emitted.current ?? '')) return;
    emitted.current = formValue;
    setValue(toPickerValue(kind, formValue));
  }, [kind, formValue]);
  const onChange = (next: Dayjs | null) => {
    setValue(next);
    const out = fromPickerValue(kind, next);
    if (out === (emitted.current ?? '')) return;
    emitted.current = out;
    emit(out);
  };
  return [value, onChange] as const;
}

export type DateInputProps = CommonInputProps & Omit<TextFieldProps, 'helperText' | 'label' | 'onChange' | 'onBlur' | 'value' | 'defaultValue' | 'type'>;

/** A react-admin input (useInput) around a picker. */
export function PickerInput({ kind, picker: Picker, ...props }: DateInputProps & { kind: DateKind; picker: ComponentType<PickerProps> }) {
  const { label, source, resource, helperText, disabled, readOnly, className, size = 'small', ...rest } = props;
  const { field, fieldState, id, isRequired } = useInput({ ...props, source, resource, disabled, readOnly });
  // the form stores what the input parses ('' → null by default), so compare with what it emitted
  const [value, onChange] = usePickerValue(kind, field.value, field.onChange);
  const { error, invalid } = fieldState;
  // a half-typed (2031-月-日 / 2031-MM-DD: digits beside placeholders, seen on leaving the field) or
  // out-of-range date: the form holds '' (no date), the field says why it is red
  const [outOfRange, setOutOfRange] = useState(false);
  const [halfTyped, setHalfTyped] = useState(false);
  const unreadable = outOfRange || halfTyped;
  const helper = invalid ? error?.message : unreadable ? `pv.date.invalid.${kind}` : undefined;
  const textField: TextFieldProps = {
    ...(sanitizeInputRestProps(rest) as TextFieldProps),
    id,
    name: field.name,
    size,
    className: ['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' '),
    error: invalid || unreadable,
    onFocus: () => setHalfTyped(false),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      setHalfTyped(/\d/.test(e.target.value) && /[^\d\s:/-]/.test(e.target.value));
      field.onBlur();
    },
    helperText: helperText !== false || helper ? <InputHelperText error={helper} helperText={helperText} /> : null,
  };
  return (
    <Picker
      kind={kind}
      value={value}
      onChange={onChange}
      disabled={disabled}
      readOnly={readOnly}
      inputRef={field.ref}
      onError={(e) => setOutOfRange(e != null)}
      textField={textField}
      label={label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null}
    />
  );
}

/** A day, stored as 'YYYY-MM-DD'. */
export const DateInput = (props: DateInputProps) => <PickerInput kind="date" picker={DayPicker} {...props} />;
/** A month, stored as 'YYYY-MM'. */
export const MonthInput = (props: DateInputProps) => <PickerInput kind="month" picker={DayPicker} {...props} />;

/**
 * A month picker outside a form, as a report's period (value 'YYYY-MM', label a catalogue key); a
 * cleared or half-typed month is not passed on: the report keeps its last whole month.
 */
export const MonthField = ({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId?: string }) => {
  const translate = useTranslate();
  const [picked, onPick] = usePickerValue('month', value, (v) => v && onChange(v));
  return <DayPicker kind="month" value={picked} onChange={onPick} label={translate(label)} clearable={false} textField={{ size: 'small', sx: { width: 180 }, inputProps: testId ? { 'data-testid': testId } : undefined }} />;
};
