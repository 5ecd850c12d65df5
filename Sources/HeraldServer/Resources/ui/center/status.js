/* The center's status line and its announcements for screen readers. */

import { ApiError, isSignedOut } from '../common/api.js';
import { $ } from './state.js';

/** Shows a message in the status line; errors stay until the next message. */
export function say(message, isError = false) {
  const status = $('status');
  status.textContent = message;
  status.classList.toggle('error', isError);
}

export function report(error) {
  if (isSignedOut(error)) {
    say('You are signed out: run herald open to sign in again.', true);
  } else {
    say(error instanceof ApiError ? `${error.message} (${error.code})` : String(error), true);
  }
}

export function announce(message) {
  const line = document.createElement('p');
  line.textContent = message;
  $('announcer').replaceChildren(line);
}
