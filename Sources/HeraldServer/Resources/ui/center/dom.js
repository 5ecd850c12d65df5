/* Building elements, and the center's modal dialogs. */

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(className, text, onClick) {
  const node = element('button', className, text);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

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
