import { TextField, type TextFieldProps } from './TextField';
import './colorField.css';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Whether `value` is a colour as the forms keep it (#rrggbb). */
export const isHexColor = (value: string) => HEX_COLOR.test(value.trim());

interface ColorFieldProps extends TextFieldProps {
  value: string;
  /** The colour picker beside the text: its accessible name, test id and extra class, and what picking does. */
  pickerLabel: string;
  pickerTestId: string;
  pickerClassName?: string;
  onPick(color: string): void;
}

/** A #rrggbb colour typed as text, with the browser's colour picker beside it (queues, tags). */
export function ColorField({ value, pickerLabel, pickerTestId, pickerClassName, onPick, ...field }: ColorFieldProps) {
  const color = value.trim();
  return (
    <TextField
      autoComplete="off"
      spellCheck={false}
      value={value}
      {...field}
      leftElement={
        <input
          type="color"
          className={pickerClassName ? `color-field-picker ${pickerClassName}` : 'color-field-picker'}
          aria-label={pickerLabel}
          value={isHexColor(color) ? color.toLowerCase() : '#000000'}
          onChange={(event) => onPick(event.target.value)}
          data-testid={pickerTestId}
        />
      }
    />
  );
}
