import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { PickerInput, usePickerProps, type DateInputProps, type PickerProps } from './DateInputs.tsx';

/** A moment to the minute (24-hour clock), picked in the browser's time and stored as an ISO string (UTC). */
function MomentPicker(props: PickerProps) {
  return <DesktopDateTimePicker {...usePickerProps(props)} views={['year', 'month', 'day', 'hours', 'minutes']} ampm={false} />;
}

export const DateTimeInput = (props: DateInputProps) => <PickerInput kind="datetime" picker={MomentPicker} {...props} />;
