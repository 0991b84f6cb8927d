import { useEffect } from 'react';

interface SubmittedForm {
  errors: object;
  submitCount: number;
  isSubmitting: boolean;
}

/**
 * For a form in tabs: the tabs holding a refused field (to mark them), and after a refused submit, a tab with nothing
 * wrong gives way to the first tab (in `order`) that has one.
 */
export function useErrorTabs<T extends string>(form: SubmittedForm, tab: T, setTab: (tab: T) => void, tabOf: (field: string) => T, order: readonly T[]): Set<T> {
  const errorTabs = new Set(Object.keys(form.errors).map(tabOf));
  useEffect(() => {
    if (form.submitCount === 0 || form.isSubmitting || errorTabs.size === 0 || errorTabs.has(tab)) return;
    setTab(order.find((candidate) => errorTabs.has(candidate)) ?? tab);
    // Only a finished submit moves the tabs, not each key typed: the errors and the tab are read, not watched.
  }, [form.submitCount, form.isSubmitting]);
  return errorTabs;
}
