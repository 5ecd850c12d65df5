/* Presentations: banners, the alert dialog, and the sound. */

import { closeDialog, openDialog } from './dom.js';
import { appName, cardKey } from './reducer.js';
import { cardFor } from './view-cards.js';

export const BANNER_MILLISECONDS = 6000;

const cardView = (state, dispatch, kind, presentation) => ({
  dispatch, appName: appName(state, presentation.delivery.app), offset: state.clockOffset,
  reply: state.replies[cardKey(kind, presentation.delivery.id)],
});

/**
 * The banners' view. A banner leaves by itself after a while, unless the
 * pointer or the focus is on it (then the while starts again when they leave).
 */
export function createBannersView(dispatch) {
  const region = document.getElementById('banners');
  const timers = new Map(); // delivery id → timeout

  function expire(id) {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(() => dispatch({ type: 'bannerExpired', id }), BANNER_MILLISECONDS));
  }

  function watch(card, id) {
    const hold = () => clearTimeout(timers.get(id));
    card.addEventListener('mouseenter', hold);
    card.addEventListener('focusin', hold);
    card.addEventListener('mouseleave', () => { if (!card.contains(document.activeElement)) expire(id); });
    card.addEventListener('focusout', (event) => { if (!card.contains(event.relatedTarget)) expire(id); });
  }

  return function render(state) {
    const existing = new Map([...region.children].map((card) => [card.dataset.delivery, card]));
    const wanted = new Set(state.banners.map((p) => p.delivery.id));
    for (const [id, card] of existing) {
      if (wanted.has(id)) continue;
      card.remove();
      clearTimeout(timers.get(id));
      timers.delete(id);
    }
    let previous = null;
    for (const presentation of state.banners) {
      const id = presentation.delivery.id;
      const current = existing.get(id);
      const card = cardFor(current, presentation, 'banner', cardView(state, dispatch, 'banner', presentation));
      if (card !== current) {
        watch(card, id);
        if (current) current.replaceWith(card);
        else expire(id);
      }
      const position = previous ? previous.nextElementSibling : region.firstElementChild;
      if (card !== position) region.insertBefore(card, position);
      previous = card;
    }
  };
}

/** The alert dialog's view: the first waiting alert, and how many more wait. */
export function createAlertView(dispatch) {
  const dialog = document.getElementById('alert-dialog');
  const holder = document.getElementById('alert-card');
  const queue = document.getElementById('alert-queue');

  return function render(state) {
    const current = state.alerts[0];
    if (!current) {
      if (dialog.open) closeDialog(dialog);
      return;
    }
    const more = state.alerts.length - 1;
    queue.hidden = more === 0;
    queue.textContent = more === 1 ? '1 more alert' : `${more} more alerts`;
    const shown = holder.firstElementChild;
    const card = cardFor(shown, current, 'alert', cardView(state, dispatch, 'alert', current));
    if (card === shown && dialog.open) return;
    const isNew = shown?.dataset.delivery !== current.delivery.id;
    holder.replaceChildren(card);
    if (isNew || !dialog.open) openDialog(dialog, dialog.querySelector('.action-button, .card-body'));
  };
}

/** The sound: a chime for each presentation that asks for one (counted in body[data-beeps]). */
export function createSoundView() {
  let played = 0;
  let audioContext = null;

  function chime() {
    try {
      audioContext = audioContext || new AudioContext();
      const start = audioContext.currentTime;
      for (const [offset, frequency] of [[0, 880], [0.12, 1320]]) {
        const tone = audioContext.createOscillator();
        const gain = audioContext.createGain();
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
        tone.connect(gain).connect(audioContext.destination);
        tone.start(start + offset);
        tone.stop(start + offset + 0.22);
      }
    } catch { /* no audio output */ }
  }

  return function render(state) {
    if (state.beeps === played) return;
    played = state.beeps;
    document.body.dataset.beeps = String(played);
    chime();
  };
}
