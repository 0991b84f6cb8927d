import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { ApiError } from '../api/ApiError';
import { getToken } from '../api/session';
import { en } from '../i18n/en';
import { i18n } from '../i18n';

/** Spec §9: error toasts close after 2000 ms, other notices after about 3000 ms. */
const ERROR_TIMEOUT = 2000;
const NOTICE_TIMEOUT = 3000;

let toaster: { document: Document; toaster: Promise<Toaster> } | undefined;

/** One toaster per page; a new document (the component tests give each file one) gets its own. */
function getToaster(): Promise<Toaster> {
  if (toaster?.document !== document) toaster = { document, toaster: OverlayToaster.create({ position: Position.TOP }) };
  return toaster.toaster;
}

function isKnownCode(code: string): code is keyof typeof en.errors {
  return code in en.errors;
}

/** The translated text of a catalogue code; an unknown code shows as it came. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.ERR_INTERNAL_SERVER_ERROR');
  return isKnownCode(error.code) ? i18n.t(`errors.${error.code}`) : error.code;
}

/** Catalogue errors become toasts; anything else is a bug and is only logged (spec §8). */
export function toastError(error: unknown): void {
  if (!(error instanceof ApiError)) {
    console.error(error);
    return;
  }
  // A company past its due date whose admin kept the session (to pay) is told so by the page it is sent to, not by
  // a toast for every refused call; whoever was signed out by it still gets the toast.
  if (error.code === 'ERR_SUBSCRIPTION_EXPIRED' && getToken() !== null) return;
  void getToaster().then((t) => t.show({ message: errorMessage(error), intent: Intent.DANGER, icon: 'error', timeout: ERROR_TIMEOUT }));
}

export function toastWarning(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: Intent.WARNING, icon: 'warning-sign', timeout: NOTICE_TIMEOUT }));
}

/** Spec §8: success notifications last about 3 seconds. */
export function toastSuccess(message: string): void {
  void getToaster().then((t) => t.show({ message, intent: Intent.SUCCESS, icon: 'tick', timeout: NOTICE_TIMEOUT }));
}

/** Closes every toast on the page at once (the component tests start each test without the last one's). */
export function clearToasts(): void {
  if (toaster?.document === document) void toaster.toaster.then((t) => t.clear());
}
