/*
 * Calls to the daemon from its pages (the notification center and the bundled
 * apps' pages), signed in by the browser's session cookie.
 *
 * A call that changes something carries the `X-Herald-CSRF` header, which the
 * daemon requires of every cookie request that is not a GET: a form or an image
 * on another site cannot send it. A failure rejects with an `ApiError` holding
 * the daemon's `{"error": {"code", "message"}}`.
 */

/** A refused or failed call: the HTTP status (0 when the daemon was not reached), the error's code and message. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Whether the call failed because this browser is not signed in (any more). */
export const isSignedOut = (error) => error instanceof ApiError && error.status === 401;

/**
 * Calls the daemon: `method` on `path`, with `body` as JSON when it is given.
 * Resolves to the reply's JSON (null when it has none).
 */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-Herald-CSRF'] = '1';
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'The daemon cannot be reached. Is herald serve running?');
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const detail = data?.error ?? {};
    throw new ApiError(response.status, detail.code ?? String(response.status),
      detail.message ?? `The request failed (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`);
  }
  return data;
}
