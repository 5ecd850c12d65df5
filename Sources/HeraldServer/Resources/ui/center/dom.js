/* Building elements (shared with the app pages), and the center's modal dialogs. */

export { button, element } from '../common/elements.js';

const returnFocus = new Map();

export function openDialog(dialog, focus) {
  if (!dialog.open) {
    returnFocus.set(dialog, document.activeElement);
    dialog.showModal();
  }
  focus?.focus();
}

export function closeDialog(dialog) {
  dialog.close();
  const previous = returnFocus.get(dialog);
  returnFocus.delete(dialog);
  if (previous && previous.isConnected && !document.querySelector('dialog[open]')) previous.focus();
}
