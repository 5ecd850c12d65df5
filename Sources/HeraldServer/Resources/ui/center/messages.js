/* The status line's texts for failures, and the action that shows one. */

import { ApiError, isSignedOut } from '../common/api.js';

export const said = (text, isError = false) => ({ type: 'said', text, isError });

/** The action that shows `error` in the status line. */
export function failed(error) {
  if (isSignedOut(error)) return said('You are signed out: run herald open to sign in again.', true);
  return said(error instanceof ApiError ? `${error.message} (${error.code})` : String(error), true);
}
