/*
 * The page a sign-in answers: keeps the session's key in this tab (and hands it
 * to the daemon's other open tabs, whose cookie now names this session), then
 * goes on to the page that was asked for, replacing this one in the history.
 */

import { adoptKey } from '../common/session-key.js';

const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;

adoptKey(meta('herald-key'));
window.location.replace(meta('herald-next'));
