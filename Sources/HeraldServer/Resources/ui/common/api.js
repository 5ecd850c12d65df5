/*
 * Calls to the daemon from its pages (the notification center and the bundled
 * apps' pages), signed in by the browser's session cookie and the session's key.
 *
 * Every call carries the key in the `X-Herald-Key` header (./session-key.js):
 * the daemon answers a call with the cookie alone 401 `sessionKeyRequired`, so a
 * page of another port, to which the browser sends the cookie too, opens
 * nothing. A tab with no key (none of its own, no other tab to give one) goes to
 * the sign-in page. A failure rejects with an `ApiError` holding the daemon's
 * `{"error": {"code", "message"}}`.
 */

import { keyFromOtherTabs, sessionKey, signInAgain } from './session-key.js';

/** A refused or failed call: the HTTP status (0 when the daemon was not reached), the error's code and message. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Whether the call failed because this browser (or tab) is not signed in (any more). */
export const isSignedOut = (error) => error instanceof ApiError && error.status === 401;

/** The error code of a refusal, or undefined. */
async function errorCode(response) {
  try {
    return (await response.clone().json())?.error?.code;
  } catch {
    return undefined;
  }
}

async function send(method, path, body, key) {
  const headers = { Accept: 'application/json, */*', 'X-Herald-Key': key };
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'The daemon cannot be reached. Is herald serve running?');
  }
}

/** Sends the call with this tab's key, and once more with another tab's if the daemon refused the key. */
async function sendKeyed(method, path, body) {
  const key = await sessionKey();
  if (!key) {
    signInAgain();
    throw new ApiError(401, 'sessionKeyRequired', 'This tab is not signed in: run herald open.');
  }
  const response = await send(method, path, body, key);
  if (response.status !== 401 || (await errorCode(response)) !== 'sessionKeyRequired') return response;
  const other = await keyFromOtherTabs(key);
  return other ? send(method, path, body, other) : response;
}

function refusal(response, data) {
  const detail = data?.error ?? {};
  return new ApiError(response.status, detail.code ?? String(response.status),
    detail.message ?? `The request failed (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`);
}

/**
 * Calls the daemon: `method` on `path`, with `body` as JSON when it is given.
 * Resolves to the reply's JSON (null when it has none).
 */
export async function api(method, path, body) {
  const response = await sendKeyed(method, path, body);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) throw refusal(response, data);
  return data;
}

/** GETs the bytes at `path` (an attachment's) as a Blob. */
export async function fetchBlob(path) {
  const response = await sendKeyed('GET', path, undefined);
  if (!response.ok) throw refusal(response, await response.json().catch(() => null));
  return response.blob();
}
